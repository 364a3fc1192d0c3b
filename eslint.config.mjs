// ESLint for the whole monorepo: typescript-eslint's recommended rules, the type-aware rules that catch
// promises nobody awaits or handles (floating, misused), React's hooks rules for the web app, and
// Prettier owning the formatting. `make lint` runs it with Prettier's check.
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import lingui from 'eslint-plugin-lingui';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

// A package is imported through its public entries (the "exports" of its package.json), never through its
// src/: the entries are its contract, the files behind them may move. A package's own relative imports
// ('../src/db', '../migrations') name no folder before src/ and stay allowed.
const PUBLIC_ENTRY = "Import the package's public entry (its package.json exports), not its src/.";
const PUBLIC_ENTRIES_ONLY = [
  { regex: '^@vnmarket/[^/]+/src(/|$)', message: PUBLIC_ENTRY },
  { regex: '^(\\.\\.?/)+([\\w-][\\w.-]*/)+(src|migrations)(/|$)', message: `${PUBLIC_ENTRY} Another package is @vnmarket/<name>/<entry>.` },
];

// The web app reaches the API through one module per resource in web/src/lib (listings, messages, saved, …),
// where each write sits beside its reads and their cache keys; screens never call the raw request functions.
const RESOURCE_MODULES_ONLY = {
  group: ['**/lib/api'],
  importNames: ['apiRequest', 'apiRequestParsed', 'fetchParsed'],
  message: 'Call the resource module in web/src/lib (e.g. lib/listings, lib/messages), which owns the request and its cache keys.',
};

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
    files: ['**/test/**', 'test/**', 'testkit/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  { rules: { 'no-restricted-imports': ['error', { patterns: PUBLIC_ENTRIES_ONLY }] } },
  { files: ['web/src/**/*.{ts,tsx}'], ...reactHooks.configs.flat.recommended },
  {
    // The web app's routing is lib/router.tsx: React Router's API with its own Link, NavLink and Navigate,
    // lighter on the first page. (A later block replaces a rule's options: the patterns are repeated.)
    files: ['web/src/**/*.{ts,tsx}'],
    ignores: ['web/src/lib/router.tsx'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: ['react-router-dom', 'react-router'].map((name) => ({ name, message: 'Import routing from lib/router.tsx.' })),
          patterns: [...PUBLIC_ENTRIES_ONLY, RESOURCE_MODULES_ONLY],
        },
      ],
    },
  },
  {
    // Every user-visible string of the web app comes from the catalogues (web/lingui.config.ts): a sentence
    // or a capitalised word outside t``, msg`` or <Trans> is an error. Not text: identifiers, CSS, URLs,
    // header names, the brand, and the calls and props that never reach the screen.
    files: ['web/src/**/*.{ts,tsx}'],
    plugins: { lingui },
    rules: {
      'lingui/no-unlocalized-strings': [
        'error',
        {
          ignore: ['^(?![A-Z])\\S+$', '^[A-Z0-9_-]+$', '^[A-Z][a-z]+(-[A-Z][a-z]+)+$', '^Chợ Việt( Bay Area)?$', '^@media '],
          ignoreNames: [
            {
              regex: {
                pattern:
                  '^(className|style|type|id|key|name|to|href|src|rel|role|as|variant|size|tone|testId|data-testid|htmlFor|autoComplete|inputMode|method|mode|target|lang|accept|\\$\\w+)$',
              },
            },
            { regex: { pattern: '^[A-Z0-9_]+$' } },
          ],
          ignoreFunctions: [
            'console.*',
            'Error',
            'styled.*',
            'styled',
            'css',
            'keyframes',
            '*.querySelector',
            '*.querySelectorAll',
            '*.closest',
            'itemStyles',
            'matchPath',
            'RegExp',
          ],
          useTsTypes: true,
          ignoreMethodsOnTypes: [
            'Map.get',
            'Map.has',
            'Set.has',
            'String.replace',
            'String.startsWith',
            'String.includes',
            'Headers.set',
            'FormData.append',
            'XMLHttpRequest.setRequestHeader',
          ],
        },
      ],
    },
  },
  {
    files: ['**/*.{js,mjs,cjs}'],
    languageOptions: { globals: { module: 'writable', require: 'readonly', process: 'readonly', console: 'readonly', __dirname: 'readonly' } },
  },
  prettier,
  {
    // Prettier wraps code at its printWidth but leaves comments as written; this holds them to it too.
    // After `prettier` (eslint-config-prettier turns max-len off). Long strings, URLs and regexes may stay.
    rules: {
      'max-len': ['error', { code: 160, ignoreUrls: true, ignoreStrings: true, ignoreTemplateLiterals: true, ignoreRegExpLiterals: true }],
    },
  },
);
