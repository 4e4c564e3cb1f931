import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { build } from 'vite';
import { projectRoot } from './config/check';
import { configCheckPlugin } from './config-check-plugin';

/** A copy of the project's config, schemas, themes and page registry, with config/app.json broken by `mutate`. */
function brokenProject(
  mutate: (config: { routes: { login: string; blocks: { type: string }[] }[] }) => void,
): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'livev3-config-'));
  for (const dir of ['config', 'schemas', 'themes'])
    fs.cpSync(path.join(projectRoot, dir), path.join(root, dir), { recursive: true });
  fs.mkdirSync(path.join(root, 'src/pages'), { recursive: true });
  fs.copyFileSync(path.join(projectRoot, 'src/pages/registry.ts'), path.join(root, 'src/pages/registry.ts'));
  const file = path.join(root, 'config/app.json');
  const config = JSON.parse(fs.readFileSync(file, 'utf8'));
  mutate(config);
  fs.writeFileSync(file, JSON.stringify(config));
  fs.writeFileSync(
    path.join(root, 'index.html'),
    '<!doctype html><script type="module" src="/main.js"></script>',
  );
  fs.writeFileSync(path.join(root, 'main.js'), 'console.log(1)');
  return root;
}

describe('the build runs the config check', () => {
  it('fails with the readable report naming file and JSON pointer', async () => {
    const root = brokenProject((config) => {
      config.routes[1].blocks[0].type = 'home-vidoe';
      config.routes[2].login = 'sometimes';
    });
    try {
      await expect(
        build({
          root,
          configFile: false,
          logLevel: 'silent',
          plugins: [configCheckPlugin(root)],
          build: { write: false },
        }),
      ).rejects.toThrow(
        /config\/app\.json#\/routes\/1\/blocks\/0\/type: unknown block type "home-vidoe".*did you mean "home-video"/s,
      );
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  });

  it('passes a valid config', async () => {
    const root = brokenProject(() => {});
    try {
      await expect(
        build({
          root,
          configFile: false,
          logLevel: 'silent',
          plugins: [configCheckPlugin(root)],
          build: { write: false },
        }),
      ).resolves.toBeTruthy();
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  });
});

describe('npm run config:check', () => {
  it('exits non-zero and prints every problem with its pointer', () => {
    const root = brokenProject((config) => {
      config.routes[2].login = 'sometimes';
      delete (config.routes[3] as { page?: string }).page;
    });
    try {
      const run = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/config-check.ts', root], {
        cwd: projectRoot,
        encoding: 'utf8',
      });
      expect(run.status).toBe(1);
      expect(run.stderr).toContain(
        'config/app.json#/routes/2/login: expected one of "required", "none"; got "sometimes"',
      );
      expect(run.stderr).toContain('config/app.json#/routes/3/page: missing required property "page"');
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  });
});
