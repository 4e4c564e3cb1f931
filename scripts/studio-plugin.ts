/**
 * The studio's Vite plugin (development only). `configRoot` is the folder the app's config and theme imports come from
 * (vite.config.ts points them there, see scripts/config-root.ts); this plugin checks that folder's files:
 * - `/__studio/problems` answers the config check's problems as JSON, and every save of config, themes or schemas
 *   pushes them to the studio page as the `livev3:config` event, so the page shows the error in place of the frames
 *   and brings the frames back when it is fixed.
 */
import path from 'node:path';
import type { Plugin, ViteDevServer } from 'vite';
import { checkProjectConfig, projectRoot } from './config/check.ts';
import type { ConfigProblem } from './config/validate.ts';

export const STUDIO_EVENT = 'livev3:config';

export function studioPlugin(configRoot = projectRoot): Plugin {
  const watched = ['config', 'themes', 'schemas'].map((dir) => path.join(configRoot, dir));
  const problems = (): ConfigProblem[] => {
    try {
      return checkProjectConfig(configRoot);
    } catch (error) {
      return [{ file: 'config/app.json', pointer: '', message: String(error) }];
    }
  };
  let server: ViteDevServer | undefined;

  return {
    name: 'livev3:studio',
    apply: 'serve',
    configureServer(devServer) {
      server = devServer;
      devServer.watcher.add(watched);
      devServer.watcher.on('change', (file) => {
        if (!watched.some((dir) => file.startsWith(dir))) return;
        server?.ws.send({ type: 'custom', event: STUDIO_EVENT, data: problems() });
      });
      devServer.middlewares.use('/__studio/problems', (_request, response) => {
        response.setHeader('content-type', 'application/json');
        response.end(JSON.stringify(problems()));
      });
    },
  };
}
