// Lint of every workspace (make test runs it): typescript-eslint's strict rules, React's hook
// rules for the frontend, sorted imports; formatting is Prettier's (eslint-config-prettier
// switches off the rules that would fight it).
import prettier from 'eslint-config-prettier';
import reactHooks from 'eslint-plugin-react-hooks';
import simpleImportSort from 'eslint-plugin-simple-import-sort';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', '.data/**', '.test-results/**', 'frontend/playwright-report/**', 'domain/src/api/api.schema.ts'] },
  ...tseslint.configs.strict,
  {
    files: ['**/*.{ts,tsx,mts}'],
    plugins: { 'simple-import-sort': simpleImportSort },
    rules: {
      'simple-import-sort/imports': 'error',
      'simple-import-sort/exports': 'error',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      // noUncheckedIndexedAccess is on: after a check the compiler cannot follow, `!` is the
      // honest way to say so, and the code uses it deliberately.
      '@typescript-eslint/no-non-null-assertion': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
    },
  },
  {
    // Decorator metadata needs the runtime reference of a class used only as a constructor
    // parameter's type (Nest's injection, class-validator's nested types): told about the
    // compiler options, consistent-type-imports leaves files with decorators alone.
    files: ['backend/**/*.ts', 'projections/**/*.ts'],
    languageOptions: { parserOptions: { emitDecoratorMetadata: true, experimentalDecorators: true } },
  },
  {
    // Nest modules are classes with decorators only; empty by design.
    files: ['backend/src/**/*.module.ts'],
    rules: { '@typescript-eslint/no-extraneous-class': 'off' },
  },
  {
    files: ['frontend/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    // CommonJS files (jest's configs, a preload script) load with require by nature.
    files: ['**/*.cjs', 'jest.config.js', 'jest.reliability.config.js'],
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    // Tests and kits may use `any` for answers they check field by field.
    files: ['**/*.spec.ts', '**/*.test.{ts,tsx}', '**/test/**/*.ts', '**/e2e/**/*.ts', '**/*.test-kit.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  prettier,
);
