import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import { configCheckPlugin } from './scripts/config-check-plugin.ts';

type ModuleInfoLookup = (id: string) => { isEntry: boolean; importers: readonly string[] } | null;

/** True when a chain of static imports leads from the entry to the module (a walk up its importers). */
function loadsWithEntry(id: string, info: ModuleInfoLookup): boolean {
  const queue = [id];
  const seen = new Set(queue);
  for (let index = 0; index < queue.length; index++) {
    const module = info(queue[index]);
    if (!module) continue;
    if (module.isEntry) return true;
    for (const importer of module.importers) {
      if (!seen.has(importer)) {
        seen.add(importer);
        queue.push(importer);
      }
    }
  }
  return false;
}

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
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            {
              // Everything the entry imports statically goes in one chunk. Left alone, the bundler cuts it into a
              // dozen small shared chunks (one per set of lazy importers), which costs ~2 KB gz of first load in
              // import lists and lost compression context.
              name: (id, ctx) => (loadsWithEntry(id, (module) => ctx.getModuleInfo(module)) ? 'app' : null),
            },
          ],
        },
      },
    },
  },
});
