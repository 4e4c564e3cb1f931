/**
 * The block files written by `npm run blocks:gen` are committed as generated, and adding a block is its folder and its
 * schema: on a copy of the project, a new folder and schema, then the generator, give a block that the registry's
 * tables, the props types and the config check know, and that typechecks, with no other file edited.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectRoot, readPageKeys } from './config/check';
import { checkConfig } from './config/validate';
import { readBlockFolders, staleBlockFiles, writeBlockFiles } from './gen-blocks';

describe('block files', () => {
  it('are committed as generated (run `npm run blocks:gen` after adding a block or changing a schema)', async () => {
    expect(await staleBlockFiles()).toEqual([]);
  });

  it('name one block per schema, each declared in its own folder', () => {
    const schemas = fs
      .readdirSync(path.join(projectRoot, 'schemas/blocks'))
      .map((file) => file.replace(/\.schema\.json$/, ''));
    expect(readBlockFolders().map((block) => block.type)).toEqual(schemas.sort());
  });
});

describe('adding a block', () => {
  let root: string;
  const type = 'hello-note';

  beforeAll(async () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'livev3-block-'));
    for (const dir of ['src', 'schemas', 'config', 'themes'])
      fs.cpSync(path.join(projectRoot, dir), path.join(root, dir), { recursive: true });
    for (const file of ['package.json', 'tsconfig.json'])
      fs.copyFileSync(path.join(projectRoot, file), path.join(root, file));
    fs.symlinkSync(path.join(projectRoot, 'node_modules'), path.join(root, 'node_modules'));

    // The two things a new block is: its folder (component and declaration) and its schema.
    fs.mkdirSync(path.join(root, 'src/blocks', type));
    fs.writeFileSync(
      path.join(root, 'src/blocks', type, 'HelloNote.tsx'),
      [
        "import type { BlockProps } from '../types';",
        '',
        "export function HelloNote({ props }: BlockProps<'hello-note'>) {",
        '  return <p>{props.text.toUpperCase()}</p>;',
        '}',
        '',
      ].join('\n'),
    );
    fs.writeFileSync(
      path.join(root, 'src/blocks', type, 'block.ts'),
      [
        "import { defineBlock } from '../types';",
        '',
        'export default defineBlock({',
        "  type: 'hello-note',",
        "  group: 'engage',",
        "  load: () => import('./HelloNote').then((module) => module.HelloNote),",
        '});',
        '',
      ].join('\n'),
    );
    fs.writeFileSync(
      path.join(root, 'schemas/blocks', `${type}.schema.json`),
      JSON.stringify({
        description: 'A line of text.',
        type: 'object',
        additionalProperties: false,
        properties: { text: { description: 'The line.', type: 'string', default: 'hello' } },
      }),
    );
    await writeBlockFiles(root);
  });

  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

  const read = (file: string) => fs.readFileSync(path.join(root, file), 'utf8');

  it('puts it in the registry, in the table of the group its folder names', () => {
    expect(read('src/blocks/registry.gen.ts')).toContain("'hello-note': 'engage',");
    expect(read('src/blocks/groups/engage.gen.ts')).toContain("'hello-note': helloNote,");
  });

  it('types its props from its schema, a prop with a default required', () => {
    expect(read('src/blocks/props.gen.ts')).toMatch(/'hello-note': \{[^}]*\btext: string;/);
  });

  it('has the config check know it and fill in its defaults', () => {
    const config = JSON.parse(read('config/app.json'));
    config.routes[0].blocks.push({ type });
    const checked = checkConfig({ root, pageKeys: readPageKeys(root), config });
    expect(checked.problems).toEqual([]);
    const blocks = (checked.config as typeof config).routes[0].blocks;
    expect(blocks[blocks.length - 1]).toEqual({ type, props: { text: 'hello' } });
  });

  it('typechecks: its component takes its schema props, the registry and the group take its declaration', () => {
    fs.writeFileSync(
      path.join(root, 'tsconfig.blocks.json'),
      JSON.stringify({
        extends: './tsconfig.json',
        include: ['src/**/*.d.ts', 'src/blocks/registry.ts', 'src/blocks/groups'],
      }),
    );
    const tsc = spawnSync(
      process.execPath,
      [path.join(projectRoot, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.blocks.json', '--noEmit'],
      { cwd: root, encoding: 'utf8' },
    );
    expect(tsc.stdout + tsc.stderr).toBe('');
    expect(tsc.status).toBe(0);
  }, 180_000);
});
