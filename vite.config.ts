import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import { configCheckPlugin } from './scripts/config-check-plugin.ts';
import { CONFIG_ROOT_PLUGIN, configRoot, configRootPlugin } from './scripts/config-root.ts';
import { i18nTypesPlugin } from './scripts/i18n-types.ts';
import { paintShellPlugin } from './scripts/paint-shell.ts';
import { consoleBuildPlugin } from './scripts/console-build.ts';
import { precompressPlugin } from './scripts/precompress.ts';

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

/**
 * react-router's package exports point at its development build in every mode (remix-run/react-router#12532), which
 * carries dev-only warnings into production. The build resolves the package to its production files instead.
 */
const reactRouterProduction = {
  find: /^react-router$/,
  replacement: fileURLToPath(
    new URL('./node_modules/react-router/dist/production/index.mjs', import.meta.url),
  ),
};

/** config/ and themes/ come from here: the project, or LIVEV3_CONFIG_ROOT (the studio on a copy). */
const root = configRoot();

export default defineConfig(({ command }) => ({
  base: '/livev3/',
  resolve: { alias: command === 'build' ? [reactRouterProduction] : [] },
  plugins: [
    configRootPlugin(root),
    configCheckPlugin(root),
    i18nTypesPlugin(),
    paintShellPlugin(root),
    react(),
    // The compiler that evaluates *.css.ts runs its own Vite server with only the plugins this filter lets through:
    // themes.css.ts must read the theme files from the same config root as the rest of the app.
    vanillaExtractPlugin({ unstable_pluginFilter: ({ name }) => name === CONFIG_ROOT_PLUGIN }),
    precompressPlugin(),
    // The organiser console, its own entry and chunks in <outDir>/console/ (console/vite.config.ts).
    consoleBuildPlugin(),
  ],
  server: {
    // The dev server proxies the API and socket to the reference server (npm start or `node --import tsx server/main.ts`).
    proxy: {
      '/v2/api': 'http://localhost:8080',
      '/v3/api': 'http://localhost:8080',
      '/socket.io': { target: 'http://localhost:8080', ws: true },
      '/streams': 'http://localhost:8080',
      '/uploads': 'http://localhost:8080',
      '/emulator': 'http://localhost:8080',
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
    // No `<link rel="modulepreload">` for a lazy chunk's imports when it loads: in the live room's profile, appending
    // those links took 20-30 ms of main thread per lazy block (inside appendChild, 4x that on a phone), in the middle
    // of React's render; the browser fetches the imports itself, one round trip later. Lighthouse
    // (scripts/bench/lighthouse.ts): live room TBT 2.2 s -> 1.3 s. Routes whose first screen needs lazy code preload
    // it from index.html (scripts/route-preload.ts); a chunk's CSS is still loaded before the chunk runs.
    modulePreload: false,
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
}));
