// Lint rules that keep the layering: no import cycles, browser code never imports the server or the
// simulator, apps never import each other (they meet through shared-utils), the server never imports
// browser code. Syntax-only rules (no type information), so a run stays fast on a small machine.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';

const BROWSER = ['shared-utils/**', 'root-config/**', '*-app/**'];
const SERVER = ['server/**', 'device-simulator/**', 'gateway/**', 'contracts/**'];

/** Sources browser code must not import: the server, the simulator. */
const SERVER_SOURCES = [
  {
    group: ['**/server/src/**', '**/server/dist/**'],
    message: 'Browser code must not import server sources: share the rule through @helio/contracts.',
  },
  { group: ['**/device-simulator/**', '@helio/device-simulator'], message: 'Browser code must not import the device simulator.' },
];
/** Another app's sources: apps meet only through shared-utils (streams, query keys, API client) and URLs. */
const OTHER_APPS = [
  {
    group: ['**/*-app/**', '@helio/*-app', '@helio/*-app/**'],
    message: 'An app must not import another app: move what both need into shared-utils.',
  },
];

/** shared-utils is reached by its package name and its `exports` (`.`, `./mock`), never by a relative path. */
const SHARED_UTILS_BY_NAME = [
  { regex: '^\\.\\.?/(\\.\\./)*shared-utils/', message: "Import '@helio/shared-utils' or '@helio/shared-utils/mock', not a path into it." },
];

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'e2e/test-results/**', 'e2e/playwright-report/**', '**/coverage/**'] },
  {
    files: ['**/*.{ts,tsx,js,mjs,cjs}'],
    plugins: { 'import-x': importX },
    languageOptions: { parser: tseslint.parser, ecmaVersion: 2023, sourceType: 'module' },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json', '.d.ts'] })],
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs', '.cjs'],
    },
    rules: {
      // Cycles inside a workspace; the other workspaces are reached through their package names.
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-self-import': 'error',
      'no-debugger': 'error',
      'no-dupe-keys': 'error',
      'no-unreachable': 'error',
      'no-var': 'error',
      'prefer-const': 'error',
    },
  },
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { '@typescript-eslint': tseslint.plugin },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
    },
  },
  {
    files: BROWSER,
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser }, parserOptions: { ecmaFeatures: { jsx: true } } },
    rules: {
      'no-restricted-imports': ['error', { patterns: [...SERVER_SOURCES, ...OTHER_APPS] }],
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    files: ['root-config/**', '*-app/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [...SERVER_SOURCES, ...OTHER_APPS, ...SHARED_UTILS_BY_NAME] }] },
  },
  {
    // Parity tests compare a browser copy of a rule with the server's own: the one place both meet.
    files: ['shared-utils/**/*.test.{ts,tsx}', '*-app/**/*.test.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: [...OTHER_APPS, ...SHARED_UTILS_BY_NAME] }] },
  },
  {
    files: SERVER,
    languageOptions: { globals: { ...globals.node } },
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/shared-utils/**', '@helio/shared-utils', '**/*-app/**', '@helio/*-app'],
              message: 'Server code must not import browser code.',
            },
          ],
        },
      ],
    },
  },
  {
    // A database's refusal is judged by its message (server/src/testing/refusal.ts): better-sqlite3's
    // errors come from another realm than the test file's, and a bare toThrow() then fails on a refusal
    // that did happen, depending on which suite the jest worker ran first.
    files: ['server/**/*.test.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[arguments.length=0][callee.property.name='toThrow'][callee.object.property.name='rejects']",
          message:
            'Use expectRefused(work, /reason/) from server/src/testing/refusal.ts: native-addon errors are not Errors in this realm.',
        },
      ],
    },
  },
  {
    files: ['tools/**/*.{js,cjs}', '**/webpack.config.js', '**/jest.config.js', 'shared-deps/**/*.js', 'bench/**/*.js', 'e2e/**/*.js'],
    languageOptions: { sourceType: 'commonjs', globals: { ...globals.node } },
  },
);
