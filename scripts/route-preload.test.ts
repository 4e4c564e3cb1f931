// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { blockModules, preloadFiles, preloadScript, type BundleChunk } from './route-preload';

const chunk = (fileName: string, imports: string[], extra: Partial<BundleChunk> = {}): BundleChunk => ({
  type: 'chunk',
  fileName,
  isEntry: false,
  facadeModuleId: null,
  imports,
  ...extra,
});

const bundle = {
  'index.js': chunk('index.js', ['runtime.js'], { isEntry: true }),
  'runtime.js': chunk('runtime.js', []),
  'Page.js': chunk('Page.js', ['index.js', 'shared.js'], {
    facadeModuleId: '/app/src/Page.tsx',
    viteMetadata: { importedCss: new Set(['Page.css']) },
  }),
  'shared.js': chunk('shared.js', ['runtime.js']),
  'blocks.js': chunk('blocks.js', ['shared.js', 'grid.js'], { facadeModuleId: '/app/src/blocks.ts' }),
  'grid.js': chunk('grid.js', []),
  'later.js': chunk('later.js', [], { facadeModuleId: '/app/src/later.ts' }),
  'logo.svg': { type: 'asset' as const },
};

afterEach(() => {
  document.head.innerHTML = '';
  delete window.__livev3Early;
});

describe('route preloads', () => {
  it("lists the chunks of a page's modules and what they import statically, with their CSS, less the entry's", () => {
    expect(preloadFiles(bundle, ['/app/src/Page.tsx', '/app/src/blocks.ts']).sort()).toEqual(
      ['Page.css', 'Page.js', 'blocks.js', 'grid.js', 'shared.js'].sort(),
    );
  });

  it("names a block's module and the group table that loads it, for a blocks page's preloads", () => {
    const blocks = {
      ...bundle,
      'area.js': chunk('area.js', [], {
        facadeModuleId: '/app/src/blocks/groups/vote.gen.ts',
        dynamicImports: ['Contest.js', 'Other.js'],
      }),
      'Contest.js': chunk('Contest.js', ['shared.js'], {
        facadeModuleId: '/app/src/blocks/vote-contest/VoteContest.tsx',
      }),
      'Other.js': chunk('Other.js', [], { facadeModuleId: '/app/src/blocks/vote-rank/VoteRank.tsx' }),
    };
    const modules = blockModules(blocks, ['vote-contest'], '/app');
    expect(modules).toEqual([
      '/app/src/blocks/vote-contest/VoteContest.tsx',
      '/app/src/blocks/groups/vote.gen.ts',
    ]);
    expect(preloadFiles(blocks, modules).sort()).toEqual(['Contest.js', 'area.js', 'shared.js']);
    expect(() => blockModules(blocks, ['vote-gone'], '/app')).toThrow(/src\/blocks\/vote-gone/);
  });

  it('names the module no chunk is built from', () => {
    expect(() => preloadFiles(bundle, ['/app/src/Gone.tsx'])).toThrow(/src\/Gone\.tsx/);
  });

  it("preloads the files of the address's route, and nothing on other routes", () => {
    const script = preloadScript({ '/pages/channel/index': ['/a/Page.js', '/a/Page.css'] });
    window.history.replaceState(null, '', '/livev3/#/pages/home/index?token=demo');
    new Function(script)();
    expect(document.head.querySelectorAll('link')).toHaveLength(0);

    window.history.replaceState(null, '', '/livev3/#/pages/channel/index?channelToken=showcase');
    new Function(script)();
    const links = [...document.head.querySelectorAll('link')];
    expect(links.map((link) => [link.rel, link.getAttribute('href'), link.getAttribute('as')])).toEqual([
      ['modulepreload', '/a/Page.js', null],
      ['preload', '/a/Page.css', 'style'],
    ]);
    // As Vite's own preloads, or the dynamic import's requests would not match them.
    expect(links.every((link) => link.getAttribute('crossorigin') === '')).toBe(true);
  });

  it("waits for the shell's cover to be painted, so the code does not compete with it", async () => {
    let settle = () => {};
    window.__livev3Early = { coverSettled: new Promise<void>((resolve) => (settle = resolve)) };
    window.history.replaceState(null, '', '/livev3/#/pages/channel/index?channelToken=showcase');
    new Function(preloadScript({ '/pages/channel/index': ['/a/Page.js'] }))();
    await Promise.resolve();
    expect(document.head.querySelectorAll('link')).toHaveLength(0);
    settle();
    await Promise.resolve();
    // Not before the cover's paint: a frame later.
    expect(document.head.querySelectorAll('link')).toHaveLength(0);
    await vi.waitFor(() => expect(document.head.querySelectorAll('link')).toHaveLength(1));
  });
});
