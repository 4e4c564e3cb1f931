/**
 * Builds the organiser console (console/vite.config.ts) into `<outDir>/console/` once the viewer app's build has
 * written its files: one `vite build` makes both, and the console never shares a chunk with the app.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type Plugin } from 'vite';
import { afterBuildPlugin } from './precompress.ts';

const configFile = fileURLToPath(new URL('../console/vite.config.ts', import.meta.url));

export const consoleBuildPlugin = (): Plugin =>
  afterBuildPlugin('livev3:console-build', (outDir) =>
    build({ configFile, logLevel: 'warn', build: { outDir: path.join(outDir, 'console') } }),
  );
