import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';

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
      'bench',
      'src/lib/api-types.gen.ts',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    // Imports flow one way: lib/ui -> features/blocks -> pages -> app (cycles: scripts/import-cycles.test.ts).
    files: ['src/lib/**', 'src/ui/**', 'src/engine/**', 'src/themes/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: ['**/app/*', '**/pages/*', '**/features/*', '**/blocks/*'] },
      ],
    },
  },
);
