import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkConfig, validateConfig, type ConfigProblem } from './validate.ts';

export const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * Page keys are read from the text of src/pages/registry.ts (one `key: () => import(...)` line each) rather than by
 * importing it: Vite bundles its config and would otherwise follow every page import into the config bundle.
 * registry.test.ts checks that this reading equals the registry's real keys.
 */
export function readPageKeys(root = projectRoot): string[] {
  const text = fs.readFileSync(path.join(root, 'src/pages/registry.ts'), 'utf8');
  return [...text.matchAll(/^\s*'?([\w-]+)'?\s*:\s*\(\)\s*=>\s*import\(/gm)].map((match) => match[1]);
}

/**
 * The one check the CLI, the build, the dev server and the studio all run: config/, themes/ and schemas/ from `root`
 * (the project, or a folder holding only those, like the studio's config root), page keys from this project's code.
 */
export function checkProjectConfig(root = projectRoot): ConfigProblem[] {
  return validateConfig({ root, pageKeys: readPageKeys(projectRoot) });
}

/** config/app.json's text as the app gets it: with the schemas' defaults filled in (each block's props included). */
export function configWithDefaults(text: string, root = projectRoot): unknown {
  return checkConfig({ root, pageKeys: readPageKeys(projectRoot), config: JSON.parse(text) }).config;
}
