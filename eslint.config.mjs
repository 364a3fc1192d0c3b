// ESLint for the whole monorepo: typescript-eslint's recommended rules, the type-aware rules that catch
// promises nobody awaits or handles (floating, misused), React's hooks rules for the web app, and
// Prettier owning the formatting. `make lint` runs it with Prettier's check.
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'var/**', 'coverage/**', 'charts/**', 'deploy/k6/*.js', 'deploy/k6/lib/**', 'web/screenshots/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,mts}'],
    languageOptions: {
      // The two programs `make typecheck` builds: everything on Node, and the browser app.
      parserOptions: { project: ['./tsconfig.json', './web/tsconfig.json'], tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      // `_name` marks what a destructuring or signature must name but does not use.
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
    },
  },
  {
    // Test code reads HTTP bodies and rendered YAML manifests as dynamic documents (TestResponse<T = any>,
    // parsed Helm output) and asserts every value it reads; production code stays free of `any`.
    files: ['**/test/**', 'test/**', 'testkit/**', 'services/shared/src/testing/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  { files: ['web/src/**/*.{ts,tsx}'], ...reactHooks.configs.flat.recommended },
  {
    files: ['**/*.{js,mjs,cjs}'],
    languageOptions: { globals: { module: 'writable', require: 'readonly', process: 'readonly', console: 'readonly', __dirname: 'readonly' } },
  },
  prettier,
);
