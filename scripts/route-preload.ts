/**
 * Route preloads: on the routes of some pages, the start-up (src/boot/start.ts) asks for the page's code when the app
 * starts, beside the entry, instead of one round trip after another once the entry has run (the page's chunk and
 * what it imports, then the chunk of its first blocks and what that imports: two waves on a slow network).
 *
 * At build time (scripts/paint-shell.ts) the bundle is read: for each page below, the chunks of its modules and every
 * chunk they import statically, less what the entry already loads, with their CSS. The start-up matches the
 * address's hash route and adds `<link rel="modulepreload">` (and `<link rel="preload" as="style">` for CSS) for that
 * route's files: the dynamic imports then find them in the memory cache. Only build output has chunks.
 *
 * A page joins by naming the modules its first screen needs. The generic blocks page joins with each of the route's
 * blocks and the group table that loads it.
 */
import path from 'node:path';
import { projectRoot } from './i18n-types.ts';

/** Page (config `routes[].page`) -> the modules whose chunks its first screen needs, from the project root. */
export const PRELOADED_PAGES: Record<string, string[]> = {
  channel: ['src/pages/channel/ChannelPage.tsx', 'src/blocks/groups/channel.gen.ts'],
  // The live room: its page and block list, which the player's block (in the entry) renders in; the player's own
  // chunk and hls.js follow from index.html's script once the entry has arrived. The blocks below the player wait.
  home: ['src/pages/home/HomePage.tsx'],
};

/** The generic blocks page, preloaded with its blocks. */
const BLOCKS_PAGE = 'src/pages/blocks/BlocksPage.tsx';

/** What the plugin needs of a chunk of the bundle (Rollup's OutputChunk, with Vite's CSS metadata). */
export type BundleChunk = {
  type: 'chunk';
  fileName: string;
  isEntry: boolean;
  facadeModuleId: string | null;
  imports: string[];
  dynamicImports?: string[];
  viteMetadata?: { importedCss: Set<string> };
};

type RouteLite = { path: string; aliases?: string[]; page: string; blocks?: Array<{ type: string }> };

/**
 * The modules of blocks `types` (src/blocks/<type>/, at `root`) and of the group tables (src/blocks/groups/) whose
 * chunks import them, for `preloadFiles`.
 */
export function blockModules(
  bundle: Record<string, BundleChunk | { type: 'asset' }>,
  types: string[],
  root = projectRoot,
): string[] {
  const chunks = Object.values(bundle).filter((item): item is BundleChunk => item.type === 'chunk');
  const groups = path.join(root, 'src/blocks/groups') + path.sep;
  return types.flatMap((type) => {
    const folder = path.join(root, 'src/blocks', type) + path.sep;
    const block = chunks.find((chunk) => chunk.facadeModuleId?.startsWith(folder));
    if (!block?.facadeModuleId)
      throw new Error(`route preload: no chunk of the bundle is built from ${folder}`);
    const loaders = chunks.filter(
      (chunk) => chunk.facadeModuleId?.startsWith(groups) && chunk.dynamicImports?.includes(block.fileName),
    );
    return [block.facadeModuleId, ...loaders.map((chunk) => chunk.facadeModuleId as string)];
  });
}

/** The files (relative to the output directory) to preload for each of `modules`' chunks, minus the entry's. */
export function preloadFiles(
  bundle: Record<string, BundleChunk | { type: 'asset' }>,
  modules: string[],
): string[] {
  const chunks = new Map<string, BundleChunk>();
  for (const item of Object.values(bundle)) if (item.type === 'chunk') chunks.set(item.fileName, item);
  const closure = (roots: BundleChunk[]) => {
    const seen = new Set<BundleChunk>();
    const visit = (chunk: BundleChunk | undefined) => {
      if (!chunk || seen.has(chunk)) return;
      seen.add(chunk);
      chunk.imports.forEach((file) => visit(chunks.get(file)));
    };
    roots.forEach(visit);
    return seen;
  };
  const loaded = closure([...chunks.values()].filter((chunk) => chunk.isEntry));
  const roots = modules.map((module) => {
    const chunk = [...chunks.values()].find((candidate) => candidate.facadeModuleId === module);
    if (!chunk) throw new Error(`route preload: no chunk of the bundle is built from ${module}`);
    return chunk;
  });
  const files = new Set<string>();
  for (const chunk of closure(roots)) {
    if (loaded.has(chunk)) continue;
    files.add(chunk.fileName);
    chunk.viteMetadata?.importedCss.forEach((css) => files.add(css));
  }
  return [...files];
}

/**
 * The files to preload on each route (by path and alias, with `base`): the live room's page, the channel home's page
 * and block table, and on a page of blocks the page and each of its blocks with the table that loads it.
 */
export function routePreloads(
  bundle: Record<string, BundleChunk | { type: 'asset' }>,
  routes: RouteLite[],
  base: string,
  root = projectRoot,
): Record<string, string[]> {
  const preloads: Record<string, string[]> = {};
  for (const route of routes) {
    const blocksPage = route.page === 'blocks';
    const modules = blocksPage ? [BLOCKS_PAGE] : PRELOADED_PAGES[route.page];
    if (!modules) continue;
    const files = preloadFiles(bundle, [
      ...modules.map((module) => path.join(root, module)),
      ...(blocksPage
        ? blockModules(
            bundle,
            (route.blocks ?? []).map((block) => block.type),
            root,
          )
        : []),
    ]).map((file) => base + file);
    for (const routePath of [route.path, ...(route.aliases ?? [])]) preloads[routePath] = files;
  }
  return preloads;
}
