// The reliability suite of docs/reliability.md: backend/test/reliability/*.rel.spec.ts against the
// built program (npm run build first). `make test` runs it (docs/testing.md); alone with
// `make test-reliability`, or one file with `npx jest -c jest.reliability.config.js <file>`.
const base = require('./jest.config.js');

/** @type {import('jest').Config} */
module.exports = {
  ...base,
  projects: base.projects
    .filter((project) => project.displayName === 'backend')
    .map((project) => ({ ...project, displayName: 'reliability', testMatch: ['**/*.rel.spec.ts'], testPathIgnorePatterns: ['/node_modules/'] })),
};
