/**
 * The folder whose config/ and themes/ a Vite process uses: the project itself, or the folder named by
 * LIVEV3_CONFIG_ROOT (the studio's `--config-root`; its browser test edits a copy there, never the project's files).
 *
 * vite.config.ts reads it once, so the redirect below, the config check and the painted shell all use the same files.
 * The redirect must also run inside vanilla-extract's compiler, which evaluates src/themes/themes.css.ts with its own
 * Vite server and only the plugins its filter lets through: otherwise the frames would keep the project's theme colours
 * while the studio's contrast report showed the copy's.
 */
import path from 'node:path';
import type { Plugin } from 'vite';
import { projectRoot } from './config/check.ts';

export const CONFIG_ROOT_ENV = 'LIVEV3_CONFIG_ROOT';
export const CONFIG_ROOT_PLUGIN = 'livev3:config-root';

/** Folders whose JSON files are read from the config root. */
const redirected = ['config', 'themes'];

export function configRoot(env: NodeJS.ProcessEnv = process.env): string {
  const value = env[CONFIG_ROOT_ENV];
  return value ? path.resolve(value) : projectRoot;
}

/** Points the app's imports of config/*.json and themes/*.json at the config root (nothing to do at the project). */
export function configRootPlugin(root: string): Plugin {
  return {
    name: CONFIG_ROOT_PLUGIN,
    enforce: 'pre',
    resolveId(source, importer) {
      if (root === projectRoot || !source.endsWith('.json')) return null;
      const resolved = importer ? path.resolve(path.dirname(importer), source) : source;
      const relative = path.relative(projectRoot, resolved);
      if (!redirected.includes(relative.split(path.sep)[0] ?? '')) return null;
      return path.join(root, relative);
    },
  };
}
