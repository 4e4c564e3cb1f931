/**
 * No dependency that nothing uses: every package in package.json is imported by the project's code, or is a tool the
 * scripts run by name (listed below with what runs it).
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');

/** Packages used without an import: command-line tools, type packages, the test environment, peers of plugins. */
const usedByName: Record<string, string> = {
  typescript: 'npm run typecheck (tsc)',
  eslint: 'npm run lint',
  prettier: 'npm run lint',
  'npm-run-all2': 'npm test runs the type check and the lint side by side (run-p)',
  vitest: 'npm run test:unit',
  tsx: 'node --import tsx (every script and the server)',
  jsdom: 'the DOM of component tests (@vitest-environment jsdom)',
};

const sourceDirs = ['src', 'console', 'server', 'scripts', 'tests', 'studio', 'themes'];
const rootFiles = fs.readdirSync(root).filter((name) => /\.(ts|js|mjs)$/.test(name));

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFiles(full);
    return /\.(ts|tsx|js|mjs)$/.test(entry.name) ? [full] : [];
  });
}

const code = [
  ...sourceDirs.flatMap((dir) => sourceFiles(path.join(root, dir))),
  ...rootFiles.map((name) => path.join(root, name)),
]
  .map((file) => fs.readFileSync(file, 'utf8'))
  .join('\n');

function isImported(name: string): boolean {
  const quoted = name.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  return new RegExp(`(from\\s+|import\\(\\s*|require\\(\\s*|import\\s+)['"]${quoted}(/[^'"]*)?['"]`).test(
    code,
  );
}

/** `@types/x` serves the package `x` (`@types/scope__name` serves `@scope/name`). */
function typedPackage(name: string): string | null {
  if (!name.startsWith('@types/')) return null;
  const bare = name.slice('@types/'.length);
  return bare.includes('__') ? `@${bare.replace('__', '/')}` : bare;
}

describe('dependencies', () => {
  const manifest = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as {
    dependencies: Record<string, string>;
    devDependencies: Record<string, string>;
  };
  const all = [...Object.keys(manifest.dependencies), ...Object.keys(manifest.devDependencies)];

  it.each(all)('%s is used', (name) => {
    const typed = typedPackage(name);
    if (typed === 'node') return;
    const used =
      name in usedByName ||
      isImported(name) ||
      (typed !== null && (isImported(typed) || typed in usedByName));
    expect(used, `${name} is in package.json but nothing imports it`).toBe(true);
  });
});
