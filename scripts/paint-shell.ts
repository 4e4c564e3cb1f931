/**
 * Paint before JavaScript. At build time index.html gets
 *
 * - every route's first screen, as the app's own pages and blocks render it before their data has arrived
 *   (src/boot/prerender.tsx, loaded in Node through a Vite server with this project's plugins, so the class names are
 *   the build's), one string per distinct screen in the start-up's data (below), which the start-up puts on the page
 *   for the route it opens;
 * - the CSS those screens use, inline: the rules of the build's stylesheets whose selectors name only classes the
 *   screens (or the theme on <html>) carry, so the first paint needs nothing but the HTML;
 * - the start-up (src/boot/start.ts), compiled with its imports into one inline script, and its data (the routes,
 *   their screens and early requests, the theme classes, the entry's files, the routes' preloads) as JSON. The build's own tags for the
 *   entry are taken out: the start-up loads the entry once the first screen is painted.
 *
 * The server's Content-Security-Policy hashes the inline script of the built index.html, so it may stay inline.
 */
import path from 'node:path';
import { transform, type CustomAtRules, type KeyframesName, type Selector, type Visitor } from 'lightningcss';
import { build, createServer, type IndexHtmlTransformContext, type Plugin } from 'vite';
import type { BootData, EntryBoot } from '../src/boot/boot-data.ts';
import type { FirstScreens, firstScreens } from '../src/boot/prerender.tsx';
import type { AppConfig } from '../src/engine/config.ts';
import { projectRoot } from './i18n-types.ts';
import { routePreloads } from './route-preload.ts';

/** The modules of the live room's player that the start-up preloads with the entry: the player and hls.js light. */
const PLAYER_MODULES = ['/src/features/player/Player.tsx', '/hls.js/dist/hls.light.mjs'];
/** hls.js's full build: the start-up preloads it instead of the light one for a stream with subtitles or captions. */
const PLAYER_FULL = '/hls.js/dist/hls.mjs';

type Bundle = NonNullable<IndexHtmlTransformContext['bundle']>;

/** Every chunk `fileName` imports statically, directly or not (the bundle's file names), in a stable order. */
export function staticImports(bundle: Bundle, fileName: string): string[] {
  const byName = new Map<string, { imports: string[] }>();
  for (const file of Object.values(bundle))
    if (file.type === 'chunk') byName.set(file.fileName, { imports: file.imports });
  const seen = new Set<string>();
  const visit = (name: string) => {
    for (const imported of byName.get(name)?.imports ?? []) {
      if (seen.has(imported)) continue;
      seen.add(imported);
      visit(imported);
    }
  };
  visit(fileName);
  seen.delete(fileName);
  return [...seen];
}

/**
 * The build's entry tags, taken out of index.html for the start-up: the entry module, the modules it imports and its
 * stylesheets, which the start-up fetches once the first screen is painted and runs once the main image is on screen.
 */
export function deferEntry(html: string, bundle: Bundle, base: string): { html: string; entry: EntryBoot } {
  const tag = /\s*<script type="module" crossorigin src="([^"]+)"><\/script>/.exec(html);
  if (!tag)
    throw new Error('paint-shell: the built index.html has no entry <script type="module" crossorigin src>');
  const player = PLAYER_MODULES.map((suffix) => {
    const chunk = Object.values(bundle).find(
      (file) => file.type === 'chunk' && file.facadeModuleId?.endsWith(suffix),
    );
    if (!chunk) throw new Error(`paint-shell: the build has no chunk for ${suffix}`);
    return base + chunk.fileName;
  });
  const full = Object.values(bundle).find(
    (file) => file.type === 'chunk' && file.facadeModuleId?.endsWith(PLAYER_FULL),
  );
  const playerFull = full ? base + full.fileName : undefined;
  const js = tag[1] as string;
  // The modules the entry imports statically, from the bundle: the build writes no modulepreload tags for them
  // (`build.modulePreload: false`), and without a preload the browser finds each one only once the entry has arrived
  // and been parsed (one more round trip, on a slow network behind everything the page has asked for meanwhile).
  const modules = [js, ...staticImports(bundle, js.slice(base.length)).map((file) => base + file)];
  const css: string[] = [];
  const deferred = html
    .replace(tag[0], '')
    .replace(/\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g, (_tag, href: string) => {
      if (!modules.includes(href)) modules.push(href);
      return '';
    })
    .replace(/\s*<link rel="stylesheet" crossorigin href="([^"]+)">/g, (_tag, href: string) => {
      css.push(href);
      return '';
    });
  return { html: deferred, entry: { js, modules, css, player, ...(playerFull ? { playerFull } : {}) } };
}

/**
 * The classes a selector needs on the page to match anything: those of its compound selectors (`.a:hover .b>c` -> a,
 * b), not those inside a pseudo-class's arguments (`.a:not(.x)` needs only a).
 */
const requiredClasses = (selector: Selector) =>
  selector.flatMap((component) => (component.type === 'class' ? [component.name] : []));

/**
 * The browsers of the build's target (es2020, vite.config.ts), as Vite gives them to lightningcss for the built CSS:
 * the rules keep the syntax those browsers read (`min-width`, not a media range).
 */
const CSS_TARGETS = {
  chrome: 80 << 16,
  edge: 80 << 16,
  firefox: 80 << 16,
  safari: 14 << 16,
  ios_saf: 14 << 16,
};

/** Runs one lightningcss pass over minified CSS with `visitor`, minified out. */
const cssPass = (css: string, visitor: Visitor<CustomAtRules>) =>
  transform({
    filename: 'first-screens.css',
    code: Buffer.from(css),
    minify: true,
    targets: CSS_TARGETS,
    visitor,
  }).code.toString();

const keyframesName = (name: KeyframesName) => (typeof name.value === 'string' ? name.value : '');

/**
 * The rules of `css` (a built stylesheet) a page made of `used` classes needs: style rules with a selector that can
 * match such a page (selectors without a class, on elements, are kept), the @media and @supports blocks holding
 * such rules, and the @keyframes those rules name; @font-face and other at-rules go. Parsed by lightningcss (Vite's own
 * CSS minifier), so strings, escapes, comments and selector lists inside functions are read as CSS reads them.
 */
export function usedCss(css: string, used: ReadonlySet<string>): string {
  const kept = cssPass(css, {
    Rule: {
      // A rule stays whole when one of its selectors can match (a selector of it that cannot costs a few bytes and
      // matches nothing): a rule handed back changed would go through lightningcss's AST round trip, which fails on
      // some values (custom property references).
      style: (rule) =>
        rule.value.selectors.some((selector) => requiredClasses(selector).every((name) => used.has(name)))
          ? undefined
          : [],
      'font-face': () => [],
      'font-palette-values': () => [],
      property: () => [],
      import: () => [],
      page: () => [],
    },
  });
  // The words of the kept rules outside @keyframes: an animation names its keyframes by one of them.
  const named = new Set(cssPass(kept, { Rule: { keyframes: () => [] } }).split(/[^\w-]+/));
  return cssPass(kept, {
    Rule: { keyframes: (rule) => (named.has(keyframesName(rule.value.name)) ? rule : []) },
  });
}

/** Every class the markup names. */
export function markupClasses(html: string): Set<string> {
  const used = new Set<string>();
  for (const match of html.matchAll(/\bclass="([^"]*)"/g))
    for (const name of (match[1] as string).split(/\s+/)) if (name) used.add(name);
  return used;
}

/**
 * The first screens, rendered by the app's own modules in a Vite server of this project (its plugins, its mode), with
 * the config the app gets (its config root, the schema's defaults filled in by the config check).
 */
async function renderFirstScreens(): Promise<FirstScreens & { config: AppConfig }> {
  const server = await createServer({
    configFile: path.join(projectRoot, 'vite.config.ts'),
    root: projectRoot,
    mode: 'production',
    logLevel: 'error',
    appType: 'custom',
    server: { middlewareMode: true, hmr: false, ws: false },
    optimizeDeps: { noDiscovery: true, include: [] },
  });
  try {
    const prerender = (await server.ssrLoadModule('/src/boot/prerender.tsx')) as {
      firstScreens: typeof firstScreens;
    };
    const { appConfig: config } = (await server.ssrLoadModule('/src/engine/config.ts')) as {
      appConfig: AppConfig;
    };
    return { ...(await prerender.firstScreens(config)), config };
  } finally {
    await server.close();
  }
}

/** The start-up, compiled with its imports into one script. */
async function compileStartUp(): Promise<string> {
  const output = await build({
    configFile: false,
    root: projectRoot,
    logLevel: 'error',
    build: {
      write: false,
      target: 'es2020',
      minify: true,
      lib: { entry: path.join(projectRoot, 'src/boot/start.ts'), formats: ['iife'], name: 'livev3Start' },
    },
  });
  const [result] = Array.isArray(output) ? output : [output];
  const chunk =
    result && 'output' in result ? result.output.find((item) => item.type === 'chunk') : undefined;
  if (!chunk || chunk.type !== 'chunk') throw new Error('paint-shell: the start-up compiled to nothing');
  return chunk.code.trim();
}

/** JSON that may sit inside a <script> element. */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

export function paintShellPlugin(root = projectRoot): Plugin {
  let base = '/';
  return {
    name: 'livev3:paint-shell',
    apply: 'build',
    // Last of the HTML transforms: others may still look for the build's entry tag, which this one takes out.
    enforce: 'post',
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      async handler(source, context) {
        if (!context.bundle) return source;
        const { html, entry } = deferEntry(source, context.bundle, base);
        const [{ screens, routes, themes, config }, script] = await Promise.all([
          renderFirstScreens(),
          compileStartUp(),
        ]);
        const preloads = routePreloads(
          context.bundle as Parameters<typeof routePreloads>[0],
          config.routes,
          base,
          root,
        );
        // Each file once: the routes' lists name the same chunks over and over.
        const files: string[] = [];
        const fileIndex = (file: string) => {
          const index = files.indexOf(file);
          return index >= 0 ? index : files.push(file) - 1;
        };
        for (const [routePath, routeFiles] of Object.entries(preloads)) {
          const route = routes[routePath];
          if (route) routes[routePath] = { ...route, preload: routeFiles.map(fileIndex) };
        }
        const data: BootData = {
          api: config.constants.apiOrigin,
          locale: config.constants.defaultLocale,
          locales: [...new Set(Object.values(routes).flatMap((route) => Object.keys(route.screens)))],
          theme: config.theme.default,
          themes,
          routes,
          screens,
          files,
          entry,
        };
        const used = markupClasses(Object.values(screens).join(''));
        for (const classes of Object.values(themes)) for (const name of classes.split(' ')) used.add(name);
        const css = Object.values(context.bundle)
          .filter((file) => file.type === 'asset' && file.fileName.endsWith('.css'))
          .map((file) => usedCss(String(file.type === 'asset' ? file.source : ''), used))
          .join('');
        // While a first screen shows, the app renders underneath, laid out but unseen (lib/first-screen.ts).
        const shellCss = `.lv-shelled #root{position:absolute;top:0;left:0;right:0;visibility:hidden}`;
        return html
          .replace('</title>', `</title>\n    <style>${css}${shellCss}</style>`)
          .replace(
            '<div id="root"></div>',
            `<div id="lv-shell" inert></div><div id="root"></div>` +
              `<script id="lv-boot" type="application/json">${scriptJson(data)}</script><script>${script}</script>`,
          );
      },
    },
  };
}
