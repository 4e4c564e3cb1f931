import fs from 'node:fs';
import path from 'node:path';

/** Every theme, read from themes/*.json so an added theme gets screenshots with no code change. */
export const themeNames = fs
  .readdirSync(path.join(import.meta.dirname, '../themes'))
  .filter((name) => name.endsWith('.json') && name !== 'base.json')
  .map((name) => name.replace(/\.json$/, ''))
  .sort();

export const variants = ['default', 'channel'] as const;
