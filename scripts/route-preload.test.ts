import { describe, expect, it } from 'vitest';
import { blockModules, preloadFiles, routePreloads, type BundleChunk } from './route-preload';

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

/** A build of pages and blocks at /app: the entry loads the runtime and the blocks' shared code. */
const app = {
  'index.js': chunk('index.js', ['runtime.js', 'blocks-base.js'], {
    isEntry: true,
    viteMetadata: { importedCss: new Set(['index.css']) },
  }),
  'runtime.js': chunk('runtime.js', []),
  'blocks-base.js': chunk('blocks-base.js', [], { viteMetadata: { importedCss: new Set(['base.css']) } }),
  'shared.js': chunk('shared.js', ['runtime.js']),
  'blocks-shared.js': chunk('blocks-shared.js', ['blocks-base.js']),
  'BlocksPage.js': chunk('BlocksPage.js', ['index.js', 'shared.js'], {
    facadeModuleId: '/app/src/pages/blocks/BlocksPage.tsx',
    viteMetadata: { importedCss: new Set(['BlocksPage.css']) },
  }),
  'vote.js': chunk('vote.js', ['runtime.js'], {
    facadeModuleId: '/app/src/blocks/groups/vote.gen.ts',
    dynamicImports: ['Contest.js', 'Rank.js', 'Players.js'],
  }),
  'Contest.js': chunk('Contest.js', ['blocks-shared.js', 'blocks-base.js'], {
    facadeModuleId: '/app/src/blocks/vote-contest/VoteContest.tsx',
    viteMetadata: { importedCss: new Set(['Contest.css']) },
  }),
  'Rank.js': chunk('Rank.js', [], { facadeModuleId: '/app/src/blocks/vote-rank/VoteRank.tsx' }),
  'Players.js': chunk('Players.js', [], { facadeModuleId: '/app/src/blocks/vote-players/VotePlayers.tsx' }),
  'HomePage.js': chunk('HomePage.js', ['index.js'], { facadeModuleId: '/app/src/pages/home/HomePage.tsx' }),
  'ChannelPage.js': chunk('ChannelPage.js', ['runtime.js'], {
    facadeModuleId: '/app/src/pages/channel/ChannelPage.tsx',
  }),
  'channel.js': chunk('channel.js', [], { facadeModuleId: '/app/src/blocks/groups/channel.gen.ts' }),
  'ShopPage.js': chunk('ShopPage.js', [], { facadeModuleId: '/app/src/pages/shop/ShopPage.tsx' }),
};

const routes = [
  {
    path: '/pages/template/index',
    aliases: ['/pages/vote/index'],
    page: 'blocks',
    blocks: [{ type: 'vote-contest' }, { type: 'vote-rank' }],
  },
  { path: '/pages/home/index', page: 'home' },
  { path: '/pages/channel/index', page: 'channel' },
  { path: '/pages/shop/index', page: 'shop' },
];

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

  it('gives a page of blocks the page and its blocks, each with the group table that loads it, less what the entry loads', () => {
    const preloads = routePreloads(app, routes, '/livev3/', '/app');
    expect(preloads['/pages/template/index']?.slice().sort()).toEqual(
      [
        'BlocksPage.css',
        'BlocksPage.js',
        'Contest.css',
        'Contest.js',
        'Rank.js',
        'blocks-shared.js',
        'shared.js',
        'vote.js',
      ].map((file) => `/livev3/${file}`),
    );
  });

  it('gives the live room and the channel home their pages (and the channel its block table), other pages none', () => {
    const preloads = routePreloads(app, routes, '/livev3/', '/app');
    expect(preloads['/pages/home/index']).toEqual(['/livev3/HomePage.js']);
    expect(preloads['/pages/channel/index']?.slice().sort()).toEqual([
      '/livev3/ChannelPage.js',
      '/livev3/channel.js',
    ]);
    expect(Object.keys(preloads).sort()).toEqual(
      ['/pages/channel/index', '/pages/home/index', '/pages/template/index', '/pages/vote/index'].sort(),
    );
  });

  it("gives a route's aliases the route's list", () => {
    const preloads = routePreloads(app, routes, '/livev3/', '/app');
    expect(preloads['/pages/vote/index']).toEqual(preloads['/pages/template/index']);
  });

  it('fails the build when a block of a route has no chunk', () => {
    const gone = [{ path: '/pages/x/index', page: 'blocks', blocks: [{ type: 'vote-gone' }] }];
    expect(() => routePreloads(app, gone, '/livev3/', '/app')).toThrow(/src\/blocks\/vote-gone/);
  });
});
