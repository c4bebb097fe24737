// The runtime is in the path, and this file enforces it (see ARCHITECTURE.md):
// shared imports nothing platform-specific, the registry never imports electron,
// the renderer never imports node: or electron.
import { builtinModules } from 'node:module';
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { plugin as slashbench } from './scripts/import-cycles.js';

const electron = { name: 'electron', message: 'Only src/main and src/preload may import electron.' };
const runsOutsideNode = 'This layer runs outside Node: no Node built-ins (see ARCHITECTURE.md).';
const nodeBuiltins = { group: ['node:*'], message: runsOutsideNode };
// Exact names, not patterns: a pattern would also match a folder of ours named like a built-in.
const nodeBuiltinNames = builtinModules.map((name) => ({ name, message: runsOutsideNode }));
const registryFromOutside = {
  group: ['**/registry/**'],
  message: 'The registry is a separate program; share code through src/shared.',
};

export default tseslint.config(
  { ignores: ['out/**', 'node_modules/**', 'native/build/**', 'test-results/**', 'dist/**', '**/.dressed/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    plugins: { slashbench },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      // No import cycle, type-only imports included: every arrow points down (issue 34).
      'slashbench/no-import-cycle': 'error',
    },
  },
  {
    files: ['native/**/*.js', 'native/**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['src/shared/**'],
    rules: {
      'no-restricted-imports': ['error', { paths: [electron, ...nodeBuiltinNames], patterns: [nodeBuiltins, registryFromOutside] }],
    },
  },
  {
    files: ['src/registry/**'],
    rules: { 'no-restricted-imports': ['error', { paths: [electron] }] },
  },
  {
    // The store is asynchronous: a promise used as a value (a truthy `if`, a callback that
    // returns one where nothing waits) or left unawaited is a bug the compiler cannot see.
    files: ['src/registry/**/*.ts', 'src/testing/**/*.ts', 'test/**/*.ts', 'bench/**/*.ts'],
    // The markup tests are React code, typed by the renderer's own tsconfig (ARCHITECTURE.md).
    ignores: ['test/renderer/markup/**'],
    languageOptions: { parserOptions: { projectService: true } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      '@typescript-eslint/await-thenable': 'error',
    },
  },
  {
    // The test driver library runs in the bot developer's test process, beside the registry.
    files: ['src/testing/**'],
    rules: {
      'no-restricted-imports': ['error', {
        paths: [electron],
        patterns: [{ group: ['**/renderer/**'], message: 'The test driver runs in Node; the client is not part of it.' }],
      }],
    },
  },
  {
    // Each slice adds its state to the store's AppState where it declares it
    // (`interface AppState extends XSlice {}`, src/renderer/store/app-state.ts).
    files: ['src/renderer/features/**'],
    rules: { '@typescript-eslint/no-empty-object-type': ['error', { allowInterfaces: 'with-single-extends' }] },
  },
  {
    // The sample Activity runs in a browser frame, like the renderer.
    files: ['src/renderer/**', 'examples/activity/**', 'test/e2e/fixtures/**'],
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      'no-restricted-imports': ['error', { paths: [electron, ...nodeBuiltinNames], patterns: [nodeBuiltins, registryFromOutside] }],
    },
  },
  {
    // The sample's servers and launcher run in Node (its token server, dev.mjs), as a developer's would.
    files: ['examples/activity/*.mjs', 'examples/activity/*.d.mts', 'examples/activity/vite.config.ts'],
    languageOptions: { globals: { ...globals.node } },
    rules: { 'no-restricted-imports': ['error', { paths: [electron] }] },
  },
);
