/**
 * Runs the config check inside Vite: `vite build` fails with the readable report, and the dev server shows it in the
 * error overlay, then clears it when the files are fixed (a full reload picks up the corrected config). The app's
 * import of config/app.json gets the config with the schemas' defaults filled in (`configDefaultsPlugin`).
 */
import path from 'node:path';
import type { Plugin, ViteDevServer } from 'vite';
import { checkProjectConfig, configWithDefaults, projectRoot } from './config/check.ts';
import { formatProblems } from './config/validate.ts';

/**
 * config/app.json, as the app imports it, with the defaults of the schemas filled in: a block's code reads its props
 * as its schema describes them after the check (src/blocks/props.gen.ts). A file that is not JSON is left to Vite's
 * own error (and the config check's report).
 */
export function configDefaultsPlugin(root = projectRoot): Plugin {
  const configFile = path.join(root, 'config/app.json');
  return {
    name: 'livev3:config-defaults',
    transform: {
      // Before Vite's JSON plugin turns the file into a module.
      order: 'pre',
      handler(code, id) {
        if (id.split('?')[0] !== configFile) return null;
        try {
          // `$schema` is for editors: the app never reads it, and the config is part of its first load.
          const config = configWithDefaults(code, root) as Record<string, unknown>;
          delete config.$schema;
          return { code: JSON.stringify(config), map: null };
        } catch {
          return null;
        }
      },
    },
  };
}

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
    transform: configDefaultsPlugin(root).transform,
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
