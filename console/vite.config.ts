/**
 * The organiser console's build: its own entry (console/index.html), its own chunks and manifest in
 * `<DIST_DIR>/console/`, served at /livev3/console/. `vite build` of the viewer app runs it once the app is built
 * (scripts/console-build.ts), so nothing of the console reaches the app's chunks or its first-load figures.
 * `npx vite --config console/vite.config.ts` serves it for development (API proxied to the server on 8080).
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { compileSchemaValidatorsCode } from '@rjsf/validator-ajv8/compileSchemaValidators';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import { precompressPlugin } from '../scripts/precompress.ts';
import contract from '../schemas/api/console.json' with { type: 'json' };

const root = path.dirname(fileURLToPath(import.meta.url));

/**
 * `virtual:console-event-validator`: the event form's validators, compiled from the contract's schema at build time
 * (ajv's standalone code). The server's Content-Security-Policy allows no `eval`, which ajv compiling in the browser
 * needs; a precompiled validator needs none and always matches the contract it was built from.
 */
function eventValidatorPlugin(): Plugin {
  const id = 'virtual:console-event-validator';
  return {
    name: 'livev3:console-event-validator',
    resolveId: (source) => (source === id ? `\0${id}` : undefined),
    load(loaded) {
      if (loaded !== `\0${id}`) return undefined;
      // ajv writes CommonJS (its ESM output cannot name the schemas' hashed ids): its requires become imports.
      const code = compileSchemaValidatorsCode(contract.components.schemas.ConsoleEventFields as object);
      const imports: string[] = [];
      const body = code.replace(/require\(("[^"]+")\)/g, (_match, name: string) => {
        imports.push(`import * as required${imports.length} from ${name};`);
        return `required${imports.length - 1}`;
      });
      return `${imports.join('\n')}\nconst exports = {};\n${body}\nexport default exports;\n`;
    },
  };
}
const server = 'http://localhost:8080';

export default defineConfig({
  root,
  base: '/livev3/console/',
  plugins: [eventValidatorPlugin(), react(), vanillaExtractPlugin(), precompressPlugin()],
  server: { proxy: { '/v3/api': server, '/v2/api': server, '/uploads': server, '/emulator': server } },
  build: {
    target: 'es2020',
    outDir: path.resolve(root, '..', process.env.DIST_DIR ?? 'dist', 'console'),
    emptyOutDir: true,
    sourcemap: false,
    manifest: true,
    reportCompressedSize: false,
  },
});
