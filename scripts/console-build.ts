/**
 * Builds the organiser console (console/vite.config.ts) into `<outDir>/console/` once the viewer app's build has
 * written its files: one `vite build` makes both, and the console never shares a chunk with the app.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type Plugin } from 'vite';

const configFile = fileURLToPath(new URL('../console/vite.config.ts', import.meta.url));

export function consoleBuildPlugin(): Plugin {
  let outDir = 'dist';
  return {
    name: 'livev3:console-build',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      await build({ configFile, logLevel: 'warn', build: { outDir: path.join(outDir, 'console') } });
    },
  };
}
