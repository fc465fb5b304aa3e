import js from '@eslint/js';
import tseslint from 'typescript-eslint';

const noVscodeInCore = { name: 'vscode', message: 'The core never imports vscode.' };
// Every CSV the tool writes goes through src/core/util/csv.ts (RFC 4180 quoting in one place).
const oneCsvWriter = ['csv-stringify', 'csv-stringify/sync'].map((name) => ({
  name,
  message: 'Write CSV with toCsv() from src/core/util/csv.ts.',
}));

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'e2e/**', '.vsix-build/**', 'vsix/**', '**/*.mjs', '**/*.js'] },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-restricted-syntax': ['error', { selector: 'ExportDefaultDeclaration', message: 'No default exports.' }],
    },
  },
  {
    files: ['src/**/*.ts', 'webview/**/*.ts', 'webview-stats/**/*.ts', 'webview-kit/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { paths: oneCsvWriter }] },
  },
  {
    files: ['src/core/**/*.ts', 'src/cli.ts', 'src/cli/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { paths: [noVscodeInCore, ...oneCsvWriter] }] },
  },
  {
    files: ['src/core/util/csv.ts'],
    rules: { 'no-restricted-imports': ['error', { paths: [noVscodeInCore] }] },
  },
);
