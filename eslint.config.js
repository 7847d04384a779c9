// One ESLint configuration for the whole repository (flat config, typescript-eslint), shaped like
// typescript-eslint's and openai-node's own. Formatting is Prettier's job, not ESLint's.
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/dist-test/**',
      '**/build/**',
      '**/generated/**',
      '.tsbuild/**',
      'packages/strapi/.strapi/**',
      'test/strapi-app/**',
      '**/*.min.js',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: 'module',
      globals: { ...globals.node },
    },
    rules: {
      // Unused names with a leading underscore are deliberate (an ignored parameter, a rest sibling).
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true }],
    },
  },
  {
    // Type-aware where it pays: a promise nobody awaits or catches is a lost error (or lost work) in a
    // service client, a plugin's host code and the repository's commands.
    files: ['packages/*/src/**/*.ts', 'packages/strapi/server/src/**/*.ts', 'scripts/**/*.ts'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { arguments: false } }],
    },
  },
  {
    // Browser code: the WordPress editor scripts, the Strapi admin, the VS Code webview.
    files: ['packages/wordpress/src/**', 'packages/strapi/admin/**', 'packages/vscode/media/**'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    // React components: the WordPress block editor and the Strapi admin.
    files: ['packages/wordpress/src/**', 'packages/strapi/admin/**'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  {
    // Tests match terminal output, ANSI escapes included, on purpose.
    files: ['**/test/**'],
    rules: { 'no-control-regex': 'off' },
  },
  {
    // CommonJS on purpose: the VS Code bundle's module shims, and a bench that reloads the bundle.
    files: ['**/*.cjs', 'packages/vscode/bench/in-host/**'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);
