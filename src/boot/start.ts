/**
 * The start-up: the first script of index.html, inlined at build time (scripts/paint-shell.ts compiles this module
 * and its imports into one script) and run as the HTML is parsed, before the entry has even started downloading. It
 *
 * - sets `<html lang>` to the launch locale and puts on the theme remembered for this event (or config's default);
 * - puts the route's first screen on the page: the markup the app's own page renders before its data has arrived,
 *   prerendered at build time for every route (prerender.tsx), shown until the page's first screen replaces it
 *   (lib/first-screen.ts), laid out the same, so the replacement does not shift anything;
 * - starts the route's first request exactly as the API client would send it (same URL, same Authorization), kept in
 *   `window.__livev3Early` for the client to use instead of asking again (lib/early.ts), and fills the first screen's
 *   early slots (`data-early`, `data-early-src`) from its answer: the title, the cover;
 * - fetches the main image with high priority and shows it once decoded, so it is painted before the app replaces
 *   the first screen; `coverSettled` resolves when it has loaded (or failed, or there is none);
 * - starts the app: a build's index.html has no tags for the entry. The entry, its imports and its stylesheet are
 *   preloaded once the first screen is painted (the first paint never waits for them) and run once the main image
 *   is on screen (at once where there is none, after 4 s at most): the entry's work never delays the cover's paint
 *   and nothing it loads competes with the cover. On a live room the player's chunks and the stream's master
 *   playlist are preloaded with the entry, so the first video frame does not wait for the entry to run.
 */
import { apiUrl } from '../lib/api-url';
import { getAuthToken } from '../lib/auth';
import { EARLY_SRC, EARLY_TEXT, SHELL_ID, SHELLED_CLASS, type EarlyRequests } from '../lib/early';
import { hashPath, launchLocale, launchParams, readStoredLocale } from '../lib/launch-params';
import { rememberedThemeName } from '../lib/theme-memory';
import type { BootData, BootRoute, EntryBoot } from './boot-data';

/** The longest the app waits for the main image before it starts anyway. */
const MAX_WAIT_MS = 4000;

type Answer = Record<string, unknown> | undefined;

const doc = document;

function addLink(rel: string, href: string, as?: string): HTMLLinkElement {
  const link = doc.createElement('link');
  link.rel = rel;
  if (as) link.as = as;
  link.crossOrigin = '';
  link.href = href;
  doc.head.appendChild(link);
  return link;
}

/** Runs `task` once the document is parsed. */
function whenParsed(task: () => void): void {
  if (doc.readyState === 'loading') doc.addEventListener('DOMContentLoaded', task);
  else task();
}

/** Runs `task` after the next frame has been painted (after 1 s at most: a hidden tab paints no frames). */
function afterPaint(task: () => void): void {
  const fallback = setTimeout(task, 1000);
  requestAnimationFrame(() => {
    clearTimeout(fallback);
    setTimeout(task);
  });
}

/** The value at a dotted path of an answer (`live.cover`), when it is a non-empty string. */
function valueAt(answer: Answer, path: string): string {
  let value: unknown = answer;
  for (const key of path.split('.'))
    value = value && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined;
  return typeof value === 'string' || typeof value === 'number' ? String(value) : '';
}

/** Loads the entry: preloads once the first screen is painted, runs once the main image is on screen. */
function entryLoader(entry: EntryBoot, isLiveRoom: boolean, routeFiles: readonly string[] = []) {
  let fetched = false;
  let started = false;
  let stream = '';
  // The stream has subtitles or captions: the player loads hls.js's full build, not the light one.
  let fullBuild = false;
  let playerPreloaded = false;
  const preloadPlayer = () => {
    if (!started || !isLiveRoom || playerPreloaded) return;
    playerPreloaded = true;
    const light = entry.player[1];
    const full = fullBuild ? entry.playerFull : undefined;
    for (const href of entry.player) addLink('modulepreload', full && href === light ? full : href);
    if (stream && ('MediaSource' in window || 'ManagedMediaSource' in window))
      addLink('preload', stream, 'fetch');
  };
  const preload = () => {
    if (fetched) return;
    fetched = true;
    for (const href of entry.modules) addLink('modulepreload', href);
    for (const href of entry.css) addLink('preload', href, 'style');
  };
  // The route's own code (its page, its blocks) beside the entry, once the main image is on screen.
  const preloadRoute = () => {
    for (const href of routeFiles)
      if (href.endsWith('.css')) addLink('preload', href, 'style');
      else addLink('modulepreload', href);
  };
  const start = () => {
    if (started) return;
    started = true;
    preload();
    preloadPlayer();
    preloadRoute();
    // The entry runs once its stylesheets have loaded (or failed).
    let waiting = entry.css.length + 1;
    const run = () => {
      if (--waiting) return;
      const script = doc.createElement('script');
      script.type = 'module';
      script.crossOrigin = '';
      script.src = entry.js;
      doc.head.appendChild(script);
    };
    whenParsed(() => {
      for (const href of entry.css) {
        const link = addLink('stylesheet', href);
        link.onload = link.onerror = run;
      }
      run();
    });
  };
  return {
    preload,
    start,
    /** The stream the player starts with, preloaded with the player's code (`full`: it has subtitles or captions). */
    setStream(url: string, full = false) {
      stream = url;
      fullBuild = full;
      preloadPlayer();
    },
  };
}

/** Puts the route's first screen on the page; the element that holds it, or null when the route has none. */
function showFirstScreen(data: BootData, route: BootRoute, locale: string): HTMLElement | null {
  const markup = data.screens[route.screens[locale] ?? ''];
  const host = doc.getElementById(SHELL_ID);
  if (!markup || !host) return null;
  // The build's own markup (prerender.tsx), never text of a user's or the server's.
  host.innerHTML = markup;
  doc.documentElement.classList.add(SHELLED_CLASS);
  return host;
}

function start(data: BootData): void {
  const early: EarlyRequests = { responses: {} };
  window.__livev3Early = early;
  let settle = () => {};
  early.coverSettled = new Promise<void>((resolve) => {
    settle = resolve;
  });

  const params = launchParams(window.location.href);
  const token = params.get('token') ?? '';
  const locale = launchLocale(params, readStoredLocale(), data.locales, data.locale);
  const html = doc.documentElement;
  html.lang = locale;

  const route = data.routes[hashPath(window.location.hash)];
  const entry = entryLoader(
    data.entry,
    route?.early === 'video',
    route?.preload?.map((index) => data.files[index]),
  );
  const done = () => {
    settle();
    entry.start();
  };
  /** The main image is on screen: the app starts in the next frame. */
  const shown = () => {
    settle();
    requestAnimationFrame(() => setTimeout(entry.start));
  };
  if (!route) return done();

  const theme = rememberedThemeName(token, data.theme);
  const classes = data.themes[`${theme}-${route.variant}`] ?? data.themes[`${data.theme}-${route.variant}`];
  if (classes) {
    html.classList.add(...classes.split(' '));
    html.dataset.themeClass = classes;
    html.dataset.theme = `${data.themes[`${theme}-${route.variant}`] ? theme : data.theme}-${route.variant}`;
  }
  const screen = showFirstScreen(data, route, locale);

  const query = ((): { path: string; payload: Record<string, string> } | null => {
    const channel = params.get('channelToken') ?? '';
    const contest = params.get('vote_id') ?? '';
    switch (route.early) {
      case 'video':
        return token ? { path: '/v3/api/video/detail', payload: { token } } : null;
      case 'channel':
        return channel ? { path: '/v2/api/home/index', payload: { channel_token: channel } } : null;
      case 'contest':
      case 'today-star':
        return /^\d+$/.test(contest) && !(route.early === 'today-star' && params.get('player_id'))
          ? { path: '/v3/api/vote/detail', payload: { vote_id: String(Number(contest)) } }
          : null;
      default:
        return null;
    }
  })();
  if (!query) {
    if (screen) afterPaint(done);
    else done();
    return;
  }

  const auth = getAuthToken(token);
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (auth) headers.Authorization = `Bearer ${auth}`;
  early.auth = headers.Authorization ?? '';
  const launch = { locale, inviteId: params.get('inviteId') ?? '' };
  const ask = (path: string, payload: Record<string, string>) => {
    const url = apiUrl(data.api, path, new URLSearchParams(payload), launch);
    const response = fetch(url, { headers, credentials: 'include' });
    (early.responses ??= {})[url] = response;
    return response;
  };
  const response = ask(query.path, query.payload);
  if (route.early === 'today-star') {
    ask('/v3/api/vote/today_star', {
      vote_id: query.payload.vote_id ?? '',
      limit: String(route.limit ?? 10),
    });
    // Its first screen is text: the app starts a frame after it is painted.
    afterPaint(done);
  } else afterPaint(entry.preload);

  const fill = (answer: Answer) => {
    if (!screen) return done();
    for (const element of screen.querySelectorAll<HTMLElement>(`[${EARLY_TEXT}]`)) {
      const text = valueAt(answer, element.getAttribute(EARLY_TEXT) ?? '');
      if (text) element.textContent = text;
    }
    let main: HTMLImageElement | undefined;
    for (const image of screen.querySelectorAll<HTMLImageElement>(`img[${EARLY_SRC}]`)) {
      const src = valueAt(answer, image.getAttribute(EARLY_SRC) ?? '');
      if (!src) continue;
      image.setAttribute('fetchpriority', 'high');
      // The first image named is the screen's main one: the app waits for it.
      const isMain = !main;
      if (isMain) main = image;
      image.onload = () => {
        const show = () => {
          image.hidden = false;
          if (isMain) shown();
        };
        image.decode().then(show, show);
      };
      image.onerror = isMain ? shown : null;
      image.src = src;
    }
    if (!main) done();
  };

  response
    .then((reply) => reply.clone().json() as Promise<{ data?: Answer }>)
    .then((envelope) => {
      const answer = envelope?.data;
      // An event with episodes: no playlist (the app picks the episode), but the build its streams need.
      if (route.early === 'video' && answer)
        entry.setStream(
          answer.episode_count
            ? ''
            : valueAt(answer, answer.live_status === 1 ? 'live_url' : 'replay_url') ||
                valueAt(answer, 'replay_url'),
          Boolean(answer.has_subtitles || answer.has_captions),
        );
      if (route.early !== 'today-star') fill(answer);
    })
    .catch(done);
  setTimeout(done, MAX_WAIT_MS);
}

const data = JSON.parse(doc.getElementById('lv-boot')?.textContent ?? 'null') as BootData | null;
if (data) {
  try {
    start(data);
  } catch {
    // Whatever failed here, the app still starts.
    entryLoader(data.entry, false).start();
  }
}
