// The runtime is in the path, and this file enforces it (see ARCHITECTURE.md):
// shared imports nothing platform-specific, the registry never imports electron,
// the renderer never imports node: or electron.
import { builtinModules } from 'node:module';
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const electron = { name: 'electron', message: 'Only src/main and src/preload may import electron.' };
const nodeBuiltins = {
  group: ['node:*', ...builtinModules, ...builtinModules.map((name) => `${name}/*`)],
  message: 'This layer runs outside Node: no node: imports (see ARCHITECTURE.md).',
};
const registryFromOutside = {
  group: ['**/registry/**'],
  message: 'The registry is a separate program; share code through src/shared.',
};

export default tseslint.config(
  { ignores: ['out/**', 'node_modules/**', 'native/build/**', 'test-results/**', 'dist/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
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
      'no-restricted-imports': ['error', { paths: [electron], patterns: [nodeBuiltins, registryFromOutside] }],
    },
  },
  {
    files: ['src/registry/**'],
    rules: { 'no-restricted-imports': ['error', { paths: [electron] }] },
  },
  {
    files: ['src/renderer/**'],
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      'no-restricted-imports': ['error', { paths: [electron], patterns: [nodeBuiltins, registryFromOutside] }],
    },
  },
);
