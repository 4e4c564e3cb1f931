import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { pageRegistry } from '../../src/pages/registry.ts';
import { validateConfig, type ConfigProblem } from './validate.ts';

export const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** The one check the CLI, the build and the dev server all run. */
export function checkProjectConfig(root = projectRoot): ConfigProblem[] {
  return validateConfig({ root, pageKeys: Object.keys(pageRegistry) });
}
