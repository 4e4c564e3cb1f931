import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import { configCheckPlugin } from './scripts/config-check-plugin.ts';

export default defineConfig({
  base: '/livev3/',
  plugins: [configCheckPlugin(), react(), vanillaExtractPlugin()],
  server: {
    // The dev server proxies the API and socket to the reference server (npm start or `node --import tsx server/main.ts`).
    proxy: {
      '/v2/api': 'http://localhost:8080',
      '/v3/api': 'http://localhost:8080',
      '/socket.io': { target: 'http://localhost:8080', ws: true },
      '/streams': 'http://localhost:8080',
      '/uploads': 'http://localhost:8080',
      '/sandbox': 'http://localhost:8080',
    },
  },
  build: {
    target: 'es2020',
    // DIST_DIR (also read by the server) keeps parallel builds apart; the default is dist/.
    outDir: process.env.DIST_DIR ?? 'dist',
    sourcemap: false,
    // The bench reads the manifest to sum first-load bytes (entry + home route) and list lazy chunks.
    manifest: true,
    reportCompressedSize: false,
  },
});
