// Lint of every workspace (make test runs it): typescript-eslint's strict rules, React's hook
// rules for the frontend, sorted imports; formatting is Prettier's (eslint-config-prettier
// switches off the rules that would fight it).
import prettier from 'eslint-config-prettier';
import reactHooks from 'eslint-plugin-react-hooks';
import simpleImportSort from 'eslint-plugin-simple-import-sort';
import globals from 'globals';
import tseslint from 'typescript-eslint';

import { errorCodeRules, noMessageDecisions } from './eslint-rules/error-codes.mjs';

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
    // Our scripts (bench, scripts, configs) are plain modules run by Node, outside TypeScript: a
    // name left undefined (a helper moved to another module, its import forgotten) failed only
    // when that line ran, twice in the bench on 2026-11-29.
    files: ['**/*.{js,mjs,cjs}'],
    languageOptions: { globals: { ...globals.node } },
    rules: { 'no-undef': 'error' },
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
    // Design tokens (house style rule 16, docs/frontend.md "One look"): a component takes its
    // colours, spacing, radii and font sizes from frontend/src/design/tokens.ts (`colour.primary`,
    // `space.sm`), never writes them. stylelint (.stylelintrc.json) says the same of our CSS.
    // The same entry holds house style rule 17 for the portal: no decision on an error's message
    // (eslint-rules/error-codes.mjs); a second no-restricted-syntax entry would replace this one.
    files: ['frontend/src/**/*.{ts,tsx}'],
    ignores: ['frontend/src/design/tokens.ts', '**/*.test.{ts,tsx}', 'frontend/src/test/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...['Literal', 'TemplateElement[value.raw]'].flatMap((node) => [
          {
            selector: `${node}[value=/^\\s*#([0-9a-fA-F]{3,4}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})\\s*$/]`,
            message: 'A colour is a design token: `colour.…` or `chart.…` from design/tokens.ts (var(--el-…) in CSS).',
          },
          {
            selector: `${node}[value=/\\b(rgba?|hsla?|hwb|oklch|oklab)\\(/]`,
            message: 'A colour is a design token: `colour.…` or `chart.…` from design/tokens.ts (var(--el-…) in CSS).',
          },
        ]),
        {
          selector: `Property[key.name=/^(color|background|backgroundColor|borderColor|outlineColor|fill|stroke)$/] > Literal[value=/^(?!(transparent|inherit|currentColor|none)$)[a-zA-Z]+$/]`,
          message: 'A colour is a design token: `colour.…` from design/tokens.ts, not a colour name.',
        },
        ...['Literal[value>0]', 'Literal[value=/\\d(px|rem|pt)\\b/]'].map((literal) => ({
          selector: `Property[key.name=/^(margin|padding|inset)([A-Z]\\w*)?$|^(gap|rowGap|columnGap|fontSize|top|right|bottom|left)$|^border\\w*Radius$/] ${literal}`,
          message: 'Spacing, radii and font sizes are design tokens: `space.…`, `radius.…`, `fontSize.…` from design/tokens.ts.',
        })),
        {
          selector: `JSXAttribute[name.name=/^(gap|gutter)$/] Literal[value>0]`,
          message: 'Spacing is a design token: `space.…` from design/tokens.ts.',
        },
        ...noMessageDecisions,
      ],
    },
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
  // An error is a code first (house style rule 17): the backend's half (eslint-rules/error-codes.mjs).
  ...errorCodeRules,
  prettier,
);
