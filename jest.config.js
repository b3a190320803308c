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
  transformIgnorePatterns: [],
  testEnvironment: 'node',
  moduleNameMapper: {
    '^@escrow/domain$': '<rootDir>/../domain/src/index.ts',
    '^@escrow/projections$': '<rootDir>/../projections/src/index.ts',
  },
};

/** @type {import('jest').Config} */
module.exports = {
  globalSetup: '<rootDir>/testing/jest.global-setup.mjs',
  globalTeardown: '<rootDir>/testing/jest.global-teardown.mjs',
  testTimeout: 30000,
  projects: ['domain', 'projections', 'backend'].map((name) => ({
    ...shared,
    displayName: name,
    rootDir: `<rootDir>/${name}`,
    roots: ['<rootDir>/src'],
    testMatch: ['**/*.spec.ts'],
  })),
};
