/**
 * The first screen of every configured route, rendered at build time from the app's own pages and blocks in the state
 * they show before their data has arrived (scripts/paint-shell.ts loads this module in Node through Vite and writes
 * the screens into index.html as templates). The start-up (start.ts) puts the current route's screen on the page
 * before the entry has even downloaded; the page replaces it with the same markup once it has rendered
 * (lib/first-screen.ts).
 */
import type { ReactElement } from 'react';
import { prerender } from 'react-dom/static';
import { MemoryRouter } from 'react-router-dom';
import { locales, type AppConfig, type Locale, type RouteConfig } from '../engine/config';
import { lookup } from '../engine/registry';
import { RouteConfigContext } from '../engine/route-context';
import { initI18n } from '../lib/i18n';
import { launchStore } from '../lib/launch';
import { pageRegistry, type PageModule } from '../pages/registry';
import { themeClassName, themeNames } from '../themes';
import type { BootRoute, EarlyRequest } from './boot-data';

/**
 * The query a link to any page carries (an event, a contest, a player, a lottery...): a first screen is the page
 * loading what its link names, not the page telling that its link names nothing.
 */
const SAMPLE_QUERY = new URLSearchParams({
  token: 'token',
  channelToken: 'channel',
  vote_id: '1',
  player_id: '1',
  user_id: '1',
  lottery_id: '1',
  bonus_id: '1',
  checkin_id: '1',
  activity_id: '1',
  query_id: '1',
  id: '1',
  order_sn: '1',
}).toString();

async function renderToText(element: ReactElement): Promise<string> {
  // A part that cannot render outside a browser is left out: the page renders it when it takes over.
  const { prelude } = await prerender(element, { onError: () => {} });
  const reader = prelude.getReader();
  const decoder = new TextDecoder();
  let html = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    html += decoder.decode(value, { stream: true });
  }
  html += decoder.decode();
  return html
    .replace(/<template data-msg[^>]*>[\s\S]*?<\/template>/g, '')
    .replace(/<!--\/?\$[!?]?-->/g, '')
    .replace(/<link [^>]*>/g, '');
}

/** One route's first screen in one locale. */
export async function renderRoute(route: RouteConfig, locale: Locale): Promise<string> {
  const load = lookup<() => Promise<PageModule>>(pageRegistry, route.page);
  if (!load) throw new Error(`prerender: no page ${route.page}`);
  const { default: Page } = await load();
  await initI18n(locale);
  // The event the link names (blocks that read the launch data rather than the route's query).
  launchStore.update((draft) => {
    draft.videoToken = 'token';
  });
  return renderToText(
    <MemoryRouter initialEntries={[`${route.path}?${SAMPLE_QUERY}`]}>
      <RouteConfigContext.Provider value={route}>
        <Page />
      </RouteConfigContext.Provider>
    </MemoryRouter>,
  );
}

/** The request a route's first screen starts with (boot-data.ts). */
function earlyRequest(route: RouteConfig): Pick<BootRoute, 'early' | 'limit'> {
  const [first] = route.blocks;
  const early: EarlyRequest | undefined =
    route.page === 'home'
      ? 'video'
      : route.page === 'channel' && first?.type === 'channel-header'
        ? 'channel'
        : route.page === 'blocks' && first?.type === 'vote-contest'
          ? 'contest'
          : route.page === 'blocks' && first?.type === 'vote-today-star'
            ? 'today-star'
            : undefined;
  if (early !== 'today-star') return early ? { early } : {};
  const limit = first?.props?.limit;
  return { early, limit: typeof limit === 'number' ? limit : 10 };
}

export type FirstScreens = {
  /** Each distinct screen once, by id. */
  screens: Record<string, string>;
  /** By path and alias. */
  routes: Record<string, BootRoute>;
  /** `<theme>-<variant>` -> the class names the app puts on <html>. */
  themes: Record<string, string>;
};

/** Every route's first screen in every locale, with what the start-up needs to show it. */
export async function firstScreens(config: AppConfig): Promise<FirstScreens> {
  const screens: Record<string, string> = {};
  const ids = new Map<string, string>();
  const routes: Record<string, BootRoute> = {};
  for (const route of config.routes) {
    const bootRoute: BootRoute = {
      variant: route.themeVariant ?? 'default',
      screens: {},
      ...earlyRequest(route),
    };
    for (const locale of locales) {
      // A page that cannot render outside a browser at all has no first screen: the app starts at once there.
      const html = await renderRoute(route, locale).catch(() => '');
      if (!html) continue;
      let id = ids.get(html);
      if (id === undefined) {
        id = String(ids.size);
        ids.set(html, id);
        screens[id] = html;
      }
      bootRoute.screens[locale] = id;
    }
    for (const path of [route.path, ...(route.aliases ?? [])]) routes[path] = bootRoute;
  }
  const themes = Object.fromEntries(
    themeNames.flatMap((name) =>
      (['default', 'channel'] as const).map((variant) => [
        `${name}-${variant}`,
        themeClassName(name, variant),
      ]),
    ),
  );
  return { screens, routes, themes };
}
