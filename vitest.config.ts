import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import { configDefaultsPlugin } from './scripts/config-check-plugin.ts';

export default defineConfig({
  // The app's config as the build gives it: with the schemas' defaults (the blocks' code relies on them).
  plugins: [configDefaultsPlugin(), react(), vanillaExtractPlugin()],
  test: {
    include: [
      'src/**/*.test.{ts,tsx}',
      'console/**/*.test.{ts,tsx}',
      'studio/**/*.test.ts',
      'server/**/*.test.ts',
      'scripts/**/*.test.ts',
    ],
    environment: 'node',
    setupFiles: ['tests/unit-setup.ts'],
    pool: 'forks',
    // Both cores: Vitest's default leaves one free (cores - 1), which on a 2-core machine runs every file in turn.
    maxWorkers: 2,
    testTimeout: 20000,
    // A test server on a fresh PostgreSQL database (migrations and seed) takes seconds on a busy machine.
    hookTimeout: 60000,
  },
});
