/**
 * `npm run studio`: the operator studio. Starts the reference server with demo data (its own temporary database) and
 * Vite's dev server with the studio page, then prints the studio's address. Editing config/app.json or themes/*.json
 * reloads every frame; a config error shows in place of the frames until fixed.
 *
 * Options: `--port=5174` (studio), `--config-root=<dir>` (a folder with config/, themes/ and schemas/ to use instead of
 * the project's own; the studio's browser test edits a copy there). The folder reaches vite.config.ts as
 * LIVEV3_CONFIG_ROOT (scripts/config-root.ts), so the app, its theme stylesheet, the config check and the contrast
 * report all read the same files.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createServer } from 'vite';
import { buildServer } from '../server/app.ts';
import { projectRoot } from './config/check.ts';
import { CONFIG_ROOT_ENV, configRoot as configRootFromEnv } from './config-root.ts';
import { studioPlugin } from './studio-plugin.ts';

function option(name: string): string | undefined {
  const prefix = `--${name}=`;
  return process.argv.find((arg) => arg.startsWith(prefix))?.slice(prefix.length);
}

const port = Number(option('port') ?? process.env.STUDIO_PORT ?? 5174);
const configRootOption = option('config-root');
const configRoot = configRootOption ? path.resolve(configRootOption) : configRootFromEnv();
// Read by vite.config.ts, also when vanilla-extract's compiler loads it again for the theme stylesheet.
process.env[CONFIG_ROOT_ENV] = configRoot;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'livev3-studio-'));

const api = await buildServer({
  databasePath: path.join(dataDir, 'studio.db'),
  mode: 'development',
  logger: false,
});
await api.listen({ port: 0, host: '127.0.0.1' });
const address = api.server.address();
const apiOrigin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 8080}`;

const vite = await createServer({
  configFile: path.join(projectRoot, 'vite.config.ts'),
  plugins: [studioPlugin(configRoot)],
  server: {
    port,
    strictPort: true,
    host: '127.0.0.1',
    // The studio shows config errors itself, in place of the frames.
    hmr: { overlay: false },
    // Same prefixes as vite.config.ts's proxy (these entries replace those), pointed at this studio's own server.
    proxy: {
      ...Object.fromEntries(
        ['/v2/api', '/v3/api', '/streams', '/uploads', '/emulator', '/dev'].map((prefix) => [
          prefix,
          apiOrigin,
        ]),
      ),
      '/socket.io': { target: apiOrigin, ws: true },
    },
  },
});
await vite.listen();
console.log(`livev3 studio: http://127.0.0.1:${port}/livev3/studio/ (config from ${configRoot})`);

const stop = async () => {
  await Promise.allSettled([vite.close(), api.close()]);
  fs.rmSync(dataDir, { recursive: true, force: true });
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
