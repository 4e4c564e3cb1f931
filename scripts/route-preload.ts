/**
 * Route preloads: on the routes of some pages, index.html's own small inline script asks for the page's code when the
 * app starts, beside the entry, instead of one round trip after another once the entry has run (the page's chunk and
 * what it imports, then the chunk of its first blocks and what that imports: two waves on a slow network).
 *
 * At build time the plugin reads the bundle: for each page below, the chunks of its modules and every chunk they
 * import statically, less what the entry already loads, with their CSS. The script matches the address's hash route
 * and adds `<link rel="modulepreload">` (and `<link rel="preload" as="style">` for CSS) for that route's files: the
 * dynamic imports then find them in the memory cache. Only build output has chunks; the dev server gets no script.
 *
 * A page joins by naming the modules its first screen needs. The generic blocks page joins on the routes that
 * index.html paints a contest shell for (scripts/paint-shell.ts): the page, each of the route's blocks and the area
 * table that loads it. The server's Content-Security-Policy hashes every inline script of the built index.html, this
 * one too.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';
import { projectRoot } from './i18n-types.ts';
import { shellData } from './paint-shell.ts';

/** Page (config `routes[].page`) -> the modules whose chunks its first screen needs, from the project root. */
export const PRELOADED_PAGES: Record<string, string[]> = {
  channel: ['src/pages/channel/ChannelPage.tsx', 'src/blocks/channel-blocks/index.ts'],
  // The live room: its page and block list, which the player's block (in the entry) renders in; the player's own
  // chunk and hls.js follow from index.html's script once the entry has arrived. The blocks below the player wait.
  home: ['src/pages/home/HomePage.tsx'],
};

/** The generic blocks page, preloaded with its blocks on the routes that have a contest shell. */
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
 * The modules of blocks `types` (src/blocks/<type>/, at `root`) and of the area tables (src/blocks/areas/) whose
 * chunks import them, for `preloadFiles`.
 */
export function blockModules(
  bundle: Record<string, BundleChunk | { type: 'asset' }>,
  types: string[],
  root = projectRoot,
): string[] {
  const chunks = Object.values(bundle).filter((item): item is BundleChunk => item.type === 'chunk');
  const areas = path.join(root, 'src/blocks/areas') + path.sep;
  return types.flatMap((type) => {
    const folder = path.join(root, 'src/blocks', type) + path.sep;
    const block = chunks.find((chunk) => chunk.facadeModuleId?.startsWith(folder));
    if (!block?.facadeModuleId)
      throw new Error(`route preload: no chunk of the bundle is built from ${folder}`);
    const loaders = chunks.filter(
      (chunk) => chunk.facadeModuleId?.startsWith(areas) && chunk.dynamicImports?.includes(block.fileName),
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
 * The inline script: preloads for the current hash route, if it has any, a frame after the shell's cover is on
 * screen (`coverSettled` of paint-shell.ts's script, which runs first; the app starts then too), so they do not compete
 * with it for the network nor come before its paint. crossorigin as Vite's own preloads set it (CSS included), or the
 * request the dynamic import makes would not match the preload and download again.
 */
export function preloadScript(routes: Record<string, string[]>): string {
  return `(function(){var P=${JSON.stringify(routes)},d=document,f=P[location.hash.replace(/^#/,'').split('?')[0]||'/'],e=window.__livev3Early;
if(!f)return;var gone,go=function(){if(gone)return;gone=1;f.forEach(function(h){var l=d.createElement('link');if(/\\.css$/.test(h)){l.rel='preload';l.setAttribute('as','style')}else l.rel='modulepreload';l.setAttribute('crossorigin','');l.href=h;d.head.appendChild(l)})};
if(e&&e.coverSettled)e.coverSettled.then(function(){var t=setTimeout(go,1000);requestAnimationFrame(function(){clearTimeout(t);setTimeout(go)})});else go()})();`;
}

export function routePreloadPlugin(root = projectRoot): Plugin {
  let base = '/';
  return {
    name: 'livev3:route-preload',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        const bundle = context.bundle as Record<string, BundleChunk | { type: 'asset' }> | undefined;
        if (!bundle) return html;
        const config = JSON.parse(fs.readFileSync(path.join(root, 'config/app.json'), 'utf8')) as {
          routes: RouteLite[];
        };
        const contestShells = shellData(root).script.contests;
        const routes: Record<string, string[]> = {};
        for (const route of config.routes) {
          const paths = [route.path, ...(route.aliases ?? [])];
          const shell =
            route.page === 'blocks' && paths.some((routePath) => Object.hasOwn(contestShells, routePath));
          const modules = shell ? [BLOCKS_PAGE] : PRELOADED_PAGES[route.page];
          if (!modules) continue;
          const files = preloadFiles(bundle, [
            ...modules.map((module) => path.join(projectRoot, module)),
            ...(shell
              ? blockModules(
                  bundle,
                  (route.blocks ?? []).map((block) => block.type),
                )
              : []),
          ]).map((file) => base + file);
          for (const routePath of paths) routes[routePath] = files;
        }
        if (Object.keys(routes).length === 0) return html;
        if (!html.includes('<script type="module"'))
          throw new Error(
            'route preload: the built index.html has no entry <script type="module"> to go before',
          );
        // Before the entry's script tag: after the shell's script (its detail or channel request goes first) and before
        // the stylesheet, which an inline script would have to wait for.
        return html.replace(
          '<script type="module"',
          `<script>${preloadScript(routes)}</script>\n    <script type="module"`,
        );
      },
    },
  };
}
