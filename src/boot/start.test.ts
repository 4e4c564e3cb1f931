// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BootData, BootRoute, EntryBoot } from './boot-data';

/** A first screen as prerender.tsx writes it: the title and cover slots the early answer fills. */
const screen = (lang: string) =>
  `<section class="room" lang="${lang}"><h1 class="title" data-early="title">\u00a0</h1>` +
  `<img class="cover" data-early-src="cover" alt="" hidden></section>`;
const SCREENS: Record<string, string> = { '0': screen('zh-CN'), '1': screen('en') };

const entry: EntryBoot = {
  js: '/livev3/assets/index.js',
  modules: ['/livev3/assets/index.js', '/livev3/assets/runtime.js'],
  css: ['/livev3/assets/index.css'],
  player: ['/livev3/assets/Player.js', '/livev3/assets/hls.light.js'],
  playerFull: '/livev3/assets/hls.js',
};

const route = (extra: Partial<BootRoute> = {}): BootRoute => ({
  variant: 'default',
  screens: { 'zh-CN': '0', en: '1' },
  ...extra,
});

const API = 'https://api.example';
const boot = (extra: Partial<BootData> = {}): BootData => ({
  api: API,
  locale: 'zh-CN',
  locales: ['zh-CN', 'en'],
  theme: 'red',
  themes: {
    'red-default': 'th-red',
    'red-channel': 'th-red th-red-channel',
    'bluegold-default': 'th-bluegold',
    'bluegold-channel': 'th-bluegold th-bluegold-channel',
  },
  routes: {
    '/pages/home/index': route({
      early: 'video',
      preload: [1, 0],
    }),
    '/pages/channel/index': route({ variant: 'channel', early: 'channel' }),
    '/pages/template/index': route({ early: 'contest' }),
    '/pages/jinrizhixing/index': route({ early: 'today-star', limit: 5 }),
    '/pages/shop/index': route(),
    '/pages/map/index': route({ screens: {} }),
  },
  screens: SCREENS,
  files: ['/livev3/assets/HomePage.css', '/livev3/assets/HomePage.js'],
  entry,
  ...extra,
});

/** Opens `address` on index.html as the build writes it, and runs the start-up as the page would. */
async function open(address: string, data: BootData = boot()): Promise<void> {
  window.history.replaceState(null, '', address);
  document.head.replaceChildren();
  document.body.innerHTML =
    '<div id="lv-shell" inert></div><div id="root"></div>' +
    `<script id="lv-boot" type="application/json">${JSON.stringify(data)}</script>`;
  vi.resetModules();
  await import('./start');
}

type Fetch = (url: string, init?: RequestInit) => Promise<Response>;

/** `fetch` answering with the envelope `{ xcode: 200, data }`, `data` by URL. */
function answering(data: (url: string) => unknown) {
  const fetchMock = vi.fn<Fetch>((url) =>
    Promise.resolve(new Response(JSON.stringify({ xcode: 200, code: 200, data: data(url) }))),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const event = { title: '<b>Launch</b>', cover: '/media/cover.jpg' };

const html = document.documentElement;
const shell = () => document.getElementById('lv-shell') as HTMLElement;
const cover = () => shell().querySelector('img[data-early-src="cover"]') as HTMLImageElement;
const title = () => shell().querySelector('[data-early="title"]') as HTMLElement;
const entryScript = () => document.head.querySelector('script[type="module"]');
const stylesheet = () => document.head.querySelector('link[rel="stylesheet"]');
const links = (rel: string) =>
  [...document.head.querySelectorAll<HTMLLinkElement>(`link[rel="${rel}"]`)].map((link) =>
    link.getAttribute('href'),
  );

/** Lets the answers (promises, response bodies) arrive; timers and frames stay where they are. */
async function settle(): Promise<void> {
  for (let round = 0; round < 5; round++) await new Promise((resolve) => setImmediate(resolve));
}
/** The next frame is painted, and a task after it has run. */
const nextFrame = () => vi.advanceTimersByTimeAsync(20);

/** Whether `promise` has resolved by now. */
async function isResolved(promise: Promise<unknown> | undefined): Promise<boolean> {
  let resolved = false;
  void promise?.then(() => (resolved = true));
  await settle();
  return resolved;
}

/** The cover loads and is decoded. */
async function coverLoads(): Promise<void> {
  cover().dispatchEvent(new Event('load'));
  await settle();
}

const decode = vi.fn(() => Promise.resolve());

beforeEach(() => {
  // Timers and frames move only when a test says so; setImmediate stays real, for the answers to arrive (settle).
  vi.useFakeTimers({
    toFake: ['setTimeout', 'clearTimeout', 'requestAnimationFrame', 'cancelAnimationFrame'],
  });
  // jsdom decodes no images.
  HTMLImageElement.prototype.decode = decode;
  decode.mockImplementation(() => Promise.resolve());
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  localStorage.clear();
  delete window.__livev3Early;
  html.className = '';
  html.removeAttribute('lang');
  html.removeAttribute('data-theme-class');
  html.removeAttribute('data-theme');
  document.head.replaceChildren();
  document.body.replaceChildren();
});

describe('the start-up', () => {
  it("sets the page's language from the link and puts on the theme remembered for the event, else config's default", async () => {
    answering(() => event);
    localStorage.setItem('livev3:theme:demo', 'bluegold');
    await open('/livev3/#/pages/shop/index?token=demo&locale=en');
    expect(html.lang).toBe('en');
    expect([...html.classList]).toContain('th-bluegold');
    expect(html.dataset.themeClass).toBe('th-bluegold');
    expect(html.dataset.theme).toBe('bluegold-default');

    html.className = '';
    // Another event, no language asked for: config's theme and locale, in the route's variant.
    await open('/livev3/#/pages/channel/index?token=other');
    expect(html.lang).toBe('zh-CN');
    expect([...html.classList]).toEqual(expect.arrayContaining(['th-red', 'th-red-channel']));
    expect(html.dataset.themeClass).toBe('th-red th-red-channel');
    expect(html.dataset.theme).toBe('red-channel');

    html.className = '';
    // A remembered theme this build no longer has: config's.
    localStorage.setItem('livev3:theme:old', 'retired');
    await open('/livev3/#/pages/shop/index?token=old');
    expect(html.dataset.themeClass).toBe('th-red');
    expect(html.dataset.theme).toBe('red-default');
  });

  it("puts the route's first screen, in the viewer's locale, in #lv-shell and marks <html> while it shows", async () => {
    await open('/livev3/#/pages/shop/index?locale=en');
    const english = document.createElement('template');
    english.innerHTML = SCREENS['1'];
    expect(shell().innerHTML).toBe(english.innerHTML);
    expect(shell().firstElementChild?.getAttribute('lang')).toBe('en');
    expect(html.classList.contains('lv-shelled')).toBe(true);
    expect(document.getElementById('root')?.childNodes).toHaveLength(0);
  });

  it('starts the app a frame after the first screen is painted on a route that asks for nothing', async () => {
    const fetchMock = answering(() => event);
    await open('/livev3/#/pages/shop/index?token=demo');
    expect(fetchMock).not.toHaveBeenCalled();
    expect(stylesheet()).toBeNull();
    await nextFrame();
    expect(stylesheet()?.getAttribute('href')).toBe('/livev3/assets/index.css');
  });

  it('gives a route without a first screen none, and starts the entry at once', async () => {
    for (const address of ['/livev3/#/pages/map/index', '/livev3/#/pages/gone/index']) {
      await open(address);
      expect(shell().childNodes).toHaveLength(0);
      expect(html.classList.contains('lv-shelled')).toBe(false);
      expect(links('modulepreload')).toEqual(entry.modules);
      expect(stylesheet()?.getAttribute('href')).toBe('/livev3/assets/index.css');
      expect(await isResolved(window.__livev3Early?.coverSettled)).toBe(true);
    }
  });

  it('starts the event detail request exactly as the API client sends it, and the client uses its answer instead of asking again', async () => {
    localStorage.setItem('livev3:auth', 'viewer-login');
    const fetchMock = answering(() => event);
    const { appConfig } = await import('../engine/config');
    await open(
      '/livev3/#/pages/home/index?token=demo&locale=en&inviteId=42',
      boot({ api: appConfig.constants.apiOrigin }),
    );
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [earlyUrl, earlyInit] = fetchMock.mock.calls[0] ?? [];

    // The app's own modules, as the entry loads them after the start-up has run.
    const { apiGet } = await import('../lib/api-client');
    await expect(apiGet('/v3/api/video/detail', { token: 'demo' })).resolves.toEqual(event);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    // Only once: a later refresh asks the server again, with the very same request.
    await apiGet('/v3/api/video/detail', { token: 'demo' });
    expect(fetchMock).toHaveBeenCalledTimes(2);
    const [clientUrl, clientInit] = fetchMock.mock.calls[1] ?? [];
    expect(earlyUrl).toBe(clientUrl);
    expect(earlyUrl).toContain('inviteId=42');
    expect(earlyInit?.headers).toEqual({ Accept: 'application/json', Authorization: 'Bearer viewer-login' });
    expect(clientInit?.headers).toEqual(earlyInit?.headers);
    expect(clientInit?.credentials).toBe(earlyInit?.credentials);
  });

  it('hands the early answer over once, and only for the very same URL and Authorization', async () => {
    localStorage.setItem('livev3:auth', 'viewer-login');
    const fetchMock = answering(() => event);
    await open('/livev3/#/pages/home/index?token=demo&locale=en');
    const url = `${API}/v3/api/video/detail?token=demo&locale=en`;
    expect(fetchMock).toHaveBeenCalledWith(url, expect.anything());
    const { takeEarlyResponse } = await import('../lib/early');
    // Another viewer logged in meanwhile, another query, another method: asked again.
    await expect(takeEarlyResponse('GET', url, 'Bearer someone-else')).resolves.toBeUndefined();
    await expect(takeEarlyResponse('GET', url, '')).resolves.toBeUndefined();
    await expect(
      takeEarlyResponse('GET', `${url}&inviteId=1`, 'Bearer viewer-login'),
    ).resolves.toBeUndefined();
    await expect(takeEarlyResponse('POST', url, 'Bearer viewer-login')).resolves.toBeUndefined();
    const response = await takeEarlyResponse('GET', url, 'Bearer viewer-login');
    await expect(response?.json()).resolves.toMatchObject({ data: event });
    await expect(takeEarlyResponse('GET', url, 'Bearer viewer-login')).resolves.toBeUndefined();
  });

  it('fills the title as text and the cover, fetched with high priority and shown once decoded', async () => {
    let decoded = () => {};
    decode.mockImplementation(() => new Promise<void>((resolve) => (decoded = resolve)));
    answering(() => event);
    await open('/livev3/#/pages/home/index?token=demo');
    await settle();
    expect(title().textContent).toBe('<b>Launch</b>');
    expect(title().children).toHaveLength(0);
    expect(cover().getAttribute('src')).toBe('/media/cover.jpg');
    expect(cover().getAttribute('fetchpriority')).toBe('high');
    expect(cover().hidden).toBe(true);
    await coverLoads();
    // Loaded, not yet decoded: showing it now could paint an empty box.
    expect(cover().hidden).toBe(true);
    decoded();
    await settle();
    expect(cover().hidden).toBe(false);
  });

  it('settles the cover wait once the cover has loaded, or failed', async () => {
    for (const outcome of ['load', 'error']) {
      answering(() => event);
      await open('/livev3/#/pages/home/index?token=demo');
      await settle();
      const settled = window.__livev3Early?.coverSettled;
      expect(await isResolved(settled)).toBe(false);
      cover().dispatchEvent(new Event(outcome));
      expect(await isResolved(settled)).toBe(true);
    }
  });

  it("on a live room starts the entry once the cover is on screen: preloads, the player's chunks and the stream, the stylesheet, then the entry", async () => {
    const live = { ...event, live_status: 1, live_url: '/streams/live/demo/master.m3u8?sig=a' };
    answering(() => live);
    vi.stubGlobal('MediaSource', class {});
    await open('/livev3/#/pages/home/index?token=demo');
    // Nothing of the entry before the first screen's paint: it then downloads while the cover does.
    expect(links('modulepreload')).toEqual([]);
    await nextFrame();
    await settle();
    expect(links('modulepreload')).toEqual(entry.modules);
    expect(links('preload')).toEqual(entry.css);
    expect(cover().getAttribute('src')).toBe('/media/cover.jpg');
    // The player's chunks, the stream and the route's code follow the cover: they never compete with it.
    expect(stylesheet()).toBeNull();
    await coverLoads();
    expect(stylesheet()).toBeNull();
    await nextFrame();
    expect(links('modulepreload')).toEqual([...entry.modules, ...entry.player, '/livev3/assets/HomePage.js']);
    expect(links('preload')).toEqual([...entry.css, live.live_url, '/livev3/assets/HomePage.css']);
    const playlist = document.head.querySelector<HTMLLinkElement>(`link[href="${live.live_url}"]`);
    expect(playlist?.as).toBe('fetch');
    // As the player's fetch and the app's imports ask for them, or the preloads would not be used.
    for (const link of document.head.querySelectorAll('link'))
      expect(link.getAttribute('crossorigin')).toBe('');
    expect(stylesheet()?.getAttribute('href')).toBe('/livev3/assets/index.css');
    // The entry waits for its stylesheet, so the page never renders unstyled.
    expect(entryScript()).toBeNull();
    stylesheet()?.dispatchEvent(new Event('load'));
    expect(entryScript()?.getAttribute('src')).toBe(entry.js);
    expect(document.head.querySelectorAll('script')).toHaveLength(1);
  });

  it("preloads hls.js's full build instead of the light one for a stream with subtitles or captions", async () => {
    for (const extra of [
      { has_subtitles: true },
      { has_captions: true },
      { has_subtitles: true, episode_count: 3 },
    ]) {
      document.head.replaceChildren();
      answering(() => ({
        ...event,
        ...extra,
        live_status: 1,
        live_url: '/streams/live/demo/master.m3u8?sig=a',
      }));
      await open('/livev3/#/pages/home/index?token=demo');
      await nextFrame();
      await settle();
      await coverLoads();
      await nextFrame();
      expect(links('modulepreload')).toEqual([
        ...entry.modules,
        '/livev3/assets/Player.js',
        '/livev3/assets/hls.js',
        '/livev3/assets/HomePage.js',
      ]);
    }
  });

  it("preloads the stream's playlist only where Media Source exists and the event has no episodes", async () => {
    const playlists = async (data: Record<string, unknown>, mediaSource = true) => {
      vi.unstubAllGlobals();
      answering(() => ({ ...event, ...data }));
      if (mediaSource) vi.stubGlobal('MediaSource', class {});
      await open('/livev3/#/pages/home/index?token=demo');
      await settle();
      await coverLoads();
      await nextFrame();
      expect(stylesheet()).not.toBeNull();
      return links('preload').filter((href) => href?.includes('.m3u8'));
    };
    const urls = { live_url: '/live.m3u8', replay_url: '/replay.m3u8' };
    expect(await playlists({ ...urls, live_status: 1 })).toEqual(['/live.m3u8']);
    // Not live (yet, or any more): the replay.
    expect(await playlists({ ...urls, live_status: 2 })).toEqual(['/replay.m3u8']);
    // Episodes: the episodes feature picks the stream. A gated event: the detail names none.
    expect(await playlists({ ...urls, live_status: 1, episode_count: 3 })).toEqual([]);
    expect(await playlists({ live_url: '', replay_url: '', live_status: 1 })).toEqual([]);
    // No Media Source (iOS plays HLS natively and fetches its own playlists).
    expect(await playlists({ ...urls, live_status: 1 }, false)).toEqual([]);
  });

  it('starts the entry when the detail fails, without waiting for a cover', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('offline'))),
    );
    await open('/livev3/#/pages/home/index?token=demo');
    await settle();
    expect(cover().hasAttribute('src')).toBe(false);
    expect(stylesheet()).not.toBeNull();
    expect(await isResolved(window.__livev3Early?.coverSettled)).toBe(true);
    // A stylesheet that fails does not hold the app back.
    stylesheet()?.dispatchEvent(new Event('error'));
    expect(entryScript()?.getAttribute('src')).toBe(entry.js);
  });

  it('starts the entry after 4 s at most when the cover does not come', async () => {
    answering(() => event);
    await open('/livev3/#/pages/home/index?token=demo');
    await settle();
    expect(cover().getAttribute('src')).toBe('/media/cover.jpg');
    await vi.advanceTimersByTimeAsync(3990);
    expect(stylesheet()).toBeNull();
    await vi.advanceTimersByTimeAsync(10);
    expect(stylesheet()).not.toBeNull();
    expect(await isResolved(window.__livev3Early?.coverSettled)).toBe(true);
  });

  it('on a channel home asks for the channel its link names, and for nothing without one', async () => {
    const fetchMock = answering(() => ({ title: 'Showcase' }));
    await open('/livev3/#/pages/channel/index?channelToken=showcase');
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual([
      `${API}/v2/api/home/index?channel_token=showcase&locale=zh-CN`,
    ]);

    fetchMock.mockClear();
    await open('/livev3/#/pages/channel/index');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('on a contest home asks for the contest as the app asks for it', async () => {
    const fetchMock = answering(() => ({ id: 1, title: 'Star of the year' }));
    await open('/livev3/#/pages/template/index?vote_id=01&locale=en');
    // The app asks with the number the link names: 01 is contest 1.
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual([
      `${API}/v3/api/vote/detail?vote_id=1&locale=en`,
    ]);
  });

  it("on today's star asks for the contest and today's ranking with the route's limit, and starts the app a frame after the first screen is painted", async () => {
    const fetchMock = answering(() => ({}));
    await open('/livev3/#/pages/jinrizhixing/index?vote_id=7');
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual([
      `${API}/v3/api/vote/detail?vote_id=7&locale=zh-CN`,
      `${API}/v3/api/vote/today_star?vote_id=7&limit=5&locale=zh-CN`,
    ]);
    // Its first screen is text: no cover to wait for.
    await settle();
    expect(stylesheet()).toBeNull();
    await nextFrame();
    expect(stylesheet()).not.toBeNull();
  });

  it("asks for no contest without a numeric vote_id, or on today's star with a player_id", async () => {
    for (const address of [
      '/livev3/#/pages/template/index',
      '/livev3/#/pages/template/index?vote_id=x1',
      '/livev3/#/pages/jinrizhixing/index?vote_id=1&player_id=7',
    ]) {
      const fetchMock = answering(() => ({}));
      await open(address);
      expect(fetchMock).not.toHaveBeenCalled();
      // The first screen shows all the same, and the app starts after it.
      expect(html.classList.contains('lv-shelled')).toBe(true);
      await nextFrame();
      expect(stylesheet()).not.toBeNull();
    }
  });
});
