import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  CONFIG_ROOT_INPUTS,
  configRootOf,
  hashInputs,
  inputFiles,
  PROJECT_INPUTS,
  STAMP_FILE,
  staleBecause,
  writeStamp,
} from './build-stamp.ts';
import { configRoot } from './config-root.ts';
import { projectRoot } from './i18n-types.ts';

let root: string;
let dist: string;
const write = (file: string, text: string) => {
  fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  fs.writeFileSync(path.join(root, file), text);
};
/** What a build does: writes index.html (and the i18n key types among the sources). */
const build = (html = '<html>app</html>') => {
  fs.mkdirSync(dist, { recursive: true });
  fs.writeFileSync(path.join(dist, 'index.html'), html);
  write('src/locales/resources.gen.d.ts', `// ${Math.random()}`);
};

beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'livev3-stamp-'));
  dist = path.join(root, 'dist');
  write('src/main.tsx', 'main');
  write('src/feature/view.tsx', 'view');
  write('config/app.json', '{}');
  write('themes/base.json', '{}');
  write('index.html', '<html></html>');
  write('package-lock.json', '{}');
});
afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

describe('the inputs hash', () => {
  it('changes with a file’s bytes, a new file, a removed file or a renamed one', () => {
    const first = hashInputs(root);
    write('src/main.tsx', 'main!');
    const edited = hashInputs(root);
    expect(edited).not.toBe(first);
    write('src/added.ts', '');
    const added = hashInputs(root);
    expect(added).not.toBe(edited);
    fs.rmSync(path.join(root, 'src/added.ts'));
    expect(hashInputs(root)).toBe(edited);
    fs.renameSync(path.join(root, 'src/feature/view.tsx'), path.join(root, 'src/feature/page.tsx'));
    expect(hashInputs(root)).not.toBe(edited);
  });

  it('does not change with times, tests, dotfiles, the generated i18n types or files outside the inputs', () => {
    const first = hashInputs(root);
    const later = new Date(Date.now() + 60_000);
    fs.utimesSync(path.join(root, 'src/main.tsx'), later, later);
    write('src/main.test.tsx', 'test');
    write('src/.DS_Store', 'x');
    write('src/locales/resources.gen.d.ts', 'generated');
    write('server/app.ts', 'server');
    write('README.md', 'docs');
    expect(hashInputs(root)).toBe(first);
  });

  it('reads config and themes from the config root (the studio builds a copy)', () => {
    const copy = fs.mkdtempSync(path.join(os.tmpdir(), 'livev3-stamp-copy-'));
    try {
      fs.cpSync(path.join(root, 'config'), path.join(copy, 'config'), { recursive: true });
      fs.cpSync(path.join(root, 'themes'), path.join(copy, 'themes'), { recursive: true });
      expect(hashInputs(root, copy)).toBe(hashInputs(root));
      fs.writeFileSync(path.join(copy, 'themes/base.json'), '{"changed":1}');
      expect(hashInputs(root, copy)).not.toBe(hashInputs(root));
      // The project's own config no longer counts.
      const before = hashInputs(root, copy);
      write('config/app.json', '{"other":1}');
      expect(hashInputs(root, copy)).toBe(before);
    } finally {
      fs.rmSync(copy, { recursive: true, force: true });
    }
  });

  it('takes the config root from where the build does', () => {
    for (const env of [
      {},
      { LIVEV3_CONFIG_ROOT: '/tmp/studio-copy' },
      { LIVEV3_CONFIG_ROOT: 'relative/copy' },
    ])
      expect(configRootOf(projectRoot, env)).toBe(configRoot(env));
  });
});

describe('the stamp', () => {
  it('says why a build is needed, and nothing once a build of the same sources is stamped', () => {
    expect(staleBecause(dist, hashInputs(root))).toBe('no build yet');
    build();
    expect(staleBecause(dist, hashInputs(root))).toBe('no build stamp');
    const inputs = hashInputs(root);
    writeStamp(dist, inputs, new Date('2026-12-01T08:00:00Z'));
    expect(JSON.parse(fs.readFileSync(path.join(dist, STAMP_FILE), 'utf8'))).toMatchObject({
      inputs,
      builtAt: '2026-12-01T08:00:00.000Z',
    });
    expect(staleBecause(dist, hashInputs(root))).toBeNull();
  });

  it('is stale after a source changes, and current again once that is built', () => {
    build();
    writeStamp(dist, hashInputs(root), new Date());
    write('themes/red.json', '{}');
    expect(staleBecause(dist, hashInputs(root))).toBe('sources changed');
    const inputs = hashInputs(root);
    build();
    writeStamp(dist, inputs, new Date());
    expect(staleBecause(dist, hashInputs(root))).toBeNull();
  });

  it('is stale when another build replaced the folder’s app since', () => {
    build();
    writeStamp(dist, hashInputs(root), new Date());
    fs.writeFileSync(path.join(dist, 'index.html'), '<html>another build</html>');
    expect(staleBecause(dist, hashInputs(root))).toBe('the build was replaced since');
  });

  it('is stale when unreadable, and is never written for a build that did not finish', () => {
    build();
    fs.writeFileSync(path.join(dist, STAMP_FILE), 'not json');
    expect(staleBecause(dist, hashInputs(root))).toBe('no build stamp');
    fs.rmSync(path.join(dist, 'index.html'));
    expect(() => writeStamp(dist, hashInputs(root), new Date())).toThrow(/index\.html is missing/);
  });
});

describe('the inputs list', () => {
  it('covers every local module the Vite config loads, and the folders the build reads', () => {
    const covered = (file: string) =>
      PROJECT_INPUTS.some((input) => file === input || file.startsWith(`${input}/`));
    const seen = new Set<string>();
    const visit = (file: string) => {
      if (seen.has(file)) return;
      seen.add(file);
      const text = fs.readFileSync(path.join(projectRoot, file), 'utf8');
      for (const [, specifier] of text.matchAll(/from '(\.{1,2}\/[^']+)'/g)) {
        const target = path.posix.normalize(path.posix.join(path.posix.dirname(file), specifier));
        if (target.endsWith('.ts')) visit(target);
      }
    };
    visit('vite.config.ts');
    const local = [...seen].filter((file) => !file.startsWith('src/'));
    expect(local.length).toBeGreaterThan(5);
    expect(local.filter((file) => !covered(file))).toEqual([]);
    expect(CONFIG_ROOT_INPUTS).toEqual(['config', 'themes']);
    // The real project: the app's sources and the lock file are in, the server is not.
    const files = inputFiles(projectRoot).map(([label]) => label);
    expect(files).toContain('project:src/app/main.tsx');
    expect(files).toContain('project:package-lock.json');
    expect(files).toContain('config-root:config/app.json');
    expect(files.some((file) => file.startsWith('project:server/'))).toBe(false);
  });
});
