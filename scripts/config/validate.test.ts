import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { projectRoot, readPageKeys } from './check';
import { didYouMean, formatProblems, validateConfig } from './validate';

const shipped = JSON.parse(fs.readFileSync(`${projectRoot}/config/app.json`, 'utf8'));
const pageKeys = readPageKeys();

function check(mutate: (config: typeof shipped) => void, themes?: Record<string, unknown>) {
  const config = structuredClone(shipped);
  mutate(config);
  return validateConfig({ root: projectRoot, pageKeys, config, themes });
}

describe('config check', () => {
  it('passes the shipped config and themes', () => {
    expect(validateConfig({ root: projectRoot, pageKeys })).toEqual([]);
  });

  it('names an unknown block type with its pointer and a did-you-mean', () => {
    const problems = check((config) => {
      config.routes[1].blocks[1].type = 'anouncement';
    });
    expect(problems).toContainEqual(
      expect.objectContaining({
        file: 'config/app.json',
        pointer: '/routes/1/blocks/1/type',
        hint: 'did you mean "announcement"?',
      }),
    );
  });

  it('rejects a wrong login value with the allowed values', () => {
    const problems = check((config) => {
      config.routes[2].login = 'yes';
    });
    expect(problems).toContainEqual(
      expect.objectContaining({
        pointer: '/routes/2/login',
        message: 'expected one of "required", "none"; got "yes"',
      }),
    );
  });

  it('reports a missing page property and an unknown page key', () => {
    const missing = check((config) => {
      delete config.routes[3].page;
    });
    expect(missing).toContainEqual(
      expect.objectContaining({ pointer: '/routes/3/page', message: 'missing required property "page"' }),
    );
    const unknown = check((config) => {
      config.routes[3].page = 'hom';
    });
    expect(unknown).toContainEqual(
      expect.objectContaining({ pointer: '/routes/3/page', hint: 'did you mean "home"?' }),
    );
  });

  it('catches a typo in block props through the block schema', () => {
    const problems = check((config) => {
      const intro = config.routes[1].blocks.findIndex((block: { type: string }) => block.type === 'intro');
      config.routes[1].blocks[intro].props = { collapsedLine: 3 };
    });
    const intro = shipped.routes[1].blocks.findIndex((block: { type: string }) => block.type === 'intro');
    expect(problems).toContainEqual(
      expect.objectContaining({
        pointer: `/routes/1/blocks/${intro}/props/collapsedLine`,
        hint: 'did you mean "collapsedLines"?',
      }),
    );
  });

  it('rejects an unknown theme name and a bad theme colour', () => {
    const unknownTheme = check((config) => {
      config.theme.default = 'pinkk';
    });
    expect(unknownTheme).toContainEqual(
      expect.objectContaining({ pointer: '/theme/default', hint: 'did you mean "pink"?' }),
    );

    const red = JSON.parse(fs.readFileSync(`${projectRoot}/themes/red.json`, 'utf8'));
    const broken = structuredClone(red);
    const firstColour = Object.keys(broken.tokens.color ?? {})[0] ?? 'primary';
    broken.tokens.color = { ...broken.tokens.color, [firstColour]: 'reddish' };
    const problems = check(() => {}, { 'red.json': broken });
    expect(problems).toContainEqual(
      expect.objectContaining({ file: 'themes/red.json', pointer: `/tokens/color/${firstColour}` }),
    );
  });

  it('rejects duplicate paths', () => {
    const problems = check((config) => {
      config.routes[2].path = '/pages/home/index';
    });
    expect(
      problems.some((p) => p.pointer === '/routes/2/path' && p.message.includes('already declared')),
    ).toBe(true);
  });

  it('formats problems one per line with file and pointer', () => {
    const text = formatProblems([
      { file: 'config/app.json', pointer: '/routes/0/login', message: 'bad', hint: 'did you mean "none"?' },
    ]);
    expect(text).toContain('config/app.json#/routes/0/login: bad (did you mean "none"?)');
  });

  it('suggests only close names', () => {
    expect(didYouMean('footr', ['footer', 'intro'])).toBe('footer');
    expect(didYouMean('zzzzzz', ['footer', 'intro'])).toBeUndefined();
  });
});

describe('shipped config', () => {
  const specRoutes = [
    '/',
    '/pages/index/index',
    '/pages/home/index',
    '/pages/user/index',
    '/pages/user/order/index',
    '/pages/user/phone/index',
    '/pages/user/collection/index',
    '/pages/my_webview/index',
    '/pages/complaint/tousu/index',
    '/pages/login/index',
    '/pages/channel/index',
    '/pages/channel/room-new/index',
    '/pages/jinrizhixing/index',
    '/pages/test/index',
    '/pages/template/index',
    '/pages/vip/index',
    '/pages/jump-mp/index',
    '/pages/information/index',
    '/pages/scan-code/index',
    '/preview-image',
    '/choose-location',
    '/open-location',
  ];
  type Route = { path: string; aliases?: string[]; login: string; title: { en: string } };
  const routes = shipped.routes as Route[];

  it('declares every route of the spec', () => {
    // Operators may add routes (the contest pages do); every route of the spec's table must stay.
    const declared = new Set(routes.flatMap((route) => [route.path, ...(route.aliases ?? [])]));
    expect(specRoutes.filter((path) => !declared.has(path))).toEqual([]);
  });

  it('opens exactly the four spec pages without a login check', () => {
    const open = routes.filter((route) => route.login === 'none').map((route) => route.path);
    expect(open.sort()).toEqual(
      [
        '/pages/channel/index',
        '/pages/home/index',
        '/pages/jinrizhixing/index',
        '/pages/scan-code/index',
      ].sort(),
    );
  });

  it('uses the spec titles', () => {
    const title = (path: string) => routes.find((route) => route.path === path)?.title.en;
    expect(title('/pages/complaint/tousu/index')).toBe('Complaint reason');
    expect(title('/pages/login/index')).toBe('User login');
  });

  it('declares no constant the app never reads', () => {
    // A constant no code reads promises a behaviour nothing has. Each is named once by its type (engine/config.ts)
    // and at least once more where the app reads it.
    const sources = fs
      .readdirSync(path.join(projectRoot, 'src'), { recursive: true, encoding: 'utf8' })
      .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file))
      .map((file) => fs.readFileSync(path.join(projectRoot, 'src', file), 'utf8'))
      .join('\n');
    const unread = Object.keys(shipped.constants).filter(
      (name) => (sources.match(new RegExp(`\\b${name}\\b`, 'g')) ?? []).length < 2,
    );
    expect(unread).toEqual([]);
  });

  it('holds the spec constants', () => {
    expect(shipped.constants).toMatchObject({
      requestTimeoutMs: 60000,
      uploadTimeoutMs: 180000,
      pageLoadTimeoutMs: 60000,
      pageLoadIndicatorDelayMs: 200,
      chunkLoadTimeoutMs: 120000,
      defaultLocale: 'zh-CN',
      version: '1.0.0',
      versionCode: 100,
      debugOriginMarkers: ['test', 'amb', '192'],
    });
  });
});

describe('block documentation', () => {
  it('fails the check for a block schema without a description, naming the file and the prop', () => {
    const root = fs.mkdtempSync(`${os.tmpdir()}/livev3-docs-`);
    fs.cpSync(`${projectRoot}/schemas`, `${root}/schemas`, { recursive: true });
    fs.cpSync(`${projectRoot}/config`, `${root}/config`, { recursive: true });
    fs.cpSync(`${projectRoot}/themes`, `${root}/themes`, { recursive: true });
    const file = `${root}/schemas/blocks/intro.schema.json`;
    const schema = JSON.parse(fs.readFileSync(file, 'utf8'));
    delete schema.description;
    delete schema.properties.collapsedLines.description;
    fs.writeFileSync(file, JSON.stringify(schema));
    const problems = validateConfig({ root, pageKeys });
    expect(problems.map((problem) => `${problem.file}#${problem.pointer}`)).toEqual([
      'schemas/blocks/intro.schema.json#',
      'schemas/blocks/intro.schema.json#/properties/collapsedLines',
    ]);
    fs.rmSync(root, { recursive: true, force: true });
  });
});
