import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';

export default tseslint.config(
  {
    ignores: [
      'server/media',
      'dist',
      'data',
      'node_modules',
      'gallery',
      'test-results',
      'playwright-report',
      'src/lib/api-types.gen.ts',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks, 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.json'] })],
    },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'import-x/no-cycle': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    // Imports flow one way: lib/ui -> features/blocks -> pages -> app.
    files: ['src/lib/**', 'src/ui/**', 'src/engine/**', 'src/themes/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: ['**/app/*', '**/pages/*', '**/features/*', '**/blocks/*'] },
      ],
    },
  },
);
