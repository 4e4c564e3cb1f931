/**
 * Runs the config check inside Vite: `vite build` fails with the readable report, and the dev server shows it in the
 * error overlay, then clears it when the files are fixed (a full reload picks up the corrected config).
 */
import path from 'node:path';
import type { Plugin, ViteDevServer } from 'vite';
import { checkProjectConfig, projectRoot } from './config/check.ts';
import { formatProblems } from './config/validate.ts';

export function configCheckPlugin(root = projectRoot): Plugin {
  const watched = ['config', 'themes', 'schemas'].map((dir) => path.join(root, dir));
  let server: ViteDevServer | undefined;
  let failing = false;

  const report = (): string | undefined => {
    const problems = checkProjectConfig(root);
    return problems.length ? formatProblems(problems) : undefined;
  };

  const recheck = () => {
    const message = report();
    if (message) {
      failing = true;
      server?.config.logger.error(message);
      server?.ws.send({ type: 'error', err: { message, stack: '', plugin: 'livev3:config-check' } });
    } else if (failing) {
      failing = false;
      server?.ws.send({ type: 'full-reload' });
    }
  };

  return {
    name: 'livev3:config-check',
    buildStart() {
      if (server) return recheck();
      const message = report();
      if (message) this.error(message);
    },
    configureServer(devServer) {
      server = devServer;
      devServer.watcher.add(watched);
      devServer.watcher.on('change', (file) => {
        if (watched.some((dir) => file.startsWith(dir))) recheck();
      });
    },
  };
}
