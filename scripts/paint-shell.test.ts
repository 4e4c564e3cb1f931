// @vitest-environment jsdom
// @vitest-environment-options {"url": "http://localhost/livev3/#/pages/home/index?token=demo&locale=en"}
import { afterEach, describe, expect, it, vi } from 'vitest';
import { deferEntry, inlineScript, SHELL, shellData, type EntryBoot } from './paint-shell';

const envelope = { xcode: 200, data: { title: '<b>Launch</b>', cover: '/streams/vod/demo/cover.jpg' } };

function runInlineScript(boot: EntryBoot | null = null) {
  document.body.innerHTML = SHELL;
  // The very text index.html carries.
  new Function(inlineScript(shellData().script, boot))();
}

const boot: EntryBoot = {
  js: '/livev3/assets/index.js',
  modules: ['/livev3/assets/index.js', '/livev3/assets/runtime.js'],
  css: ['/livev3/assets/index.css'],
  player: ['/livev3/assets/Player.js', '/livev3/assets/hls.light.js'],
};
const entryScript = () => document.head.querySelector('script[type="module"]');
const stylesheet = () => document.head.querySelector('link[rel="stylesheet"]') as HTMLLinkElement | null;
const preloaded = (rel: string) =>
  [...document.head.querySelectorAll(`link[rel="${rel}"]`)].map((link) => link.getAttribute('href'));
const nextFrame = () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve)));

afterEach(() => {
  vi.unstubAllGlobals();
  delete window.__livev3Early;
  document.documentElement.className = '';
  document.head.querySelectorAll('link, script').forEach((element) => element.remove());
});

describe('index.html inline script', () => {
  it('paints the shell in the remembered theme and sets the page language', () => {
    localStorage.setItem('livev3:theme:demo', 'bluegold');
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(new Response(JSON.stringify(envelope)))),
    );
    runInlineScript();
    const root = document.documentElement;
    expect(root.lang).toBe('en');
    expect(root.style.getPropertyValue('--lv-bg')).toBe(shellData().script.colours['bluegold-default'].bg);
    expect(root.classList.contains('lv-off')).toBe(false);
    localStorage.clear();
  });

  it('starts the detail request that the API client then uses instead of asking again', async () => {
    const fetchMock = vi.fn(() => Promise.resolve(new Response(JSON.stringify(envelope))));
    vi.stubGlobal('fetch', fetchMock);
    runInlineScript();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const { apiGet } = await import('../src/lib/api-client');
    const answer = await apiGet<{ title: string }>('/v3/api/video/detail', { token: 'demo' });
    expect(answer.title).toBe('<b>Launch</b>');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    // Only once: a later refresh asks the server again.
    await apiGet('/v3/api/video/detail', { token: 'demo' });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('shows the title as text and fetches the cover with high priority as soon as the detail names it', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(new Response(JSON.stringify(envelope)))),
    );
    runInlineScript();
    await vi.waitFor(() => expect(document.querySelector('link[rel="preload"][as="image"]')).not.toBeNull());
    const link = document.querySelector('link[rel="preload"][as="image"]') as HTMLLinkElement;
    expect(link.getAttribute('fetchpriority')).toBe('high');
    expect(link.getAttribute('href')).toBe('/streams/vod/demo/cover.jpg');
    const title = document.getElementById('lv-title') as HTMLElement;
    expect(title.textContent).toBe('<b>Launch</b>');
    expect(title.children).toHaveLength(0);
    const cover = document.getElementById('lv-cover') as HTMLImageElement;
    expect(cover.getAttribute('src')).toBe('/streams/vod/demo/cover.jpg');
    // Shown once loaded: the play sign stays until then.
    expect(cover.hidden).toBe(true);
    cover.dispatchEvent(new Event('load'));
    // Once decoded, so that it paints in the next frame.
    await vi.waitFor(() => expect(cover.hidden).toBe(false));
    await window.__livev3Early?.coverSettled;
  });

  it('on a live room starts the entry once the cover is on screen: player chunks, stylesheet, then the entry', async () => {
    const live = { ...envelope.data, live_status: 1, live_url: '/streams/live/demo/master.m3u8?sig=a' };
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(new Response(JSON.stringify({ ...envelope, data: live })))),
    );
    vi.stubGlobal('MediaSource', class {});
    runInlineScript(boot);
    // Nothing of the entry before the shell's first paint: it then downloads while the cover does.
    expect(preloaded('modulepreload')).toEqual([]);
    await nextFrame();
    expect(preloaded('modulepreload')).toEqual(boot.modules);
    expect(preloaded('preload')).toContain('/livev3/assets/index.css');
    const cover = document.getElementById('lv-cover') as HTMLImageElement;
    await vi.waitFor(() => expect(cover.getAttribute('src')).toBe('/streams/vod/demo/cover.jpg'));
    expect(stylesheet()).toBeNull();
    expect(entryScript()).toBeNull();
    // The player's chunks and the stream's playlist follow the cover: they never compete with it.
    expect(preloaded('modulepreload')).toEqual(boot.modules);
    expect(preloaded('preload')).not.toContain(live.live_url);
    cover.dispatchEvent(new Event('load'));
    await vi.waitFor(() => expect(stylesheet()?.getAttribute('href')).toBe('/livev3/assets/index.css'));
    expect(preloaded('modulepreload')).toEqual([...boot.modules, ...boot.player]);
    const playlist = document.head.querySelector(`link[rel="preload"][href="${live.live_url}"]`);
    expect((playlist as HTMLLinkElement & { as?: string }).as).toBe('fetch');
    // As the player's fetch asks for it (same-origin credentials), or the preload would not be used.
    expect(playlist?.getAttribute('crossorigin')).toBe('');
    // The entry waits for its stylesheet, so the page never renders unstyled.
    expect(entryScript()).toBeNull();
    stylesheet()?.dispatchEvent(new Event('load'));
    expect(entryScript()?.getAttribute('src')).toBe('/livev3/assets/index.js');
  });

  it('preloads the playlist the player starts with, and none where it would not be used', async () => {
    const playlists = async (data: Record<string, unknown>, mediaSource = true) => {
      document.head.querySelectorAll('link, script').forEach((element) => element.remove());
      delete window.__livev3Early;
      vi.unstubAllGlobals();
      vi.stubGlobal(
        'fetch',
        vi.fn(() =>
          Promise.resolve(new Response(JSON.stringify({ xcode: 200, data: { ...envelope.data, ...data } }))),
        ),
      );
      if (mediaSource) vi.stubGlobal('MediaSource', class {});
      runInlineScript(boot);
      const cover = document.getElementById('lv-cover') as HTMLImageElement;
      await vi.waitFor(() => expect(cover.getAttribute('src')).not.toBeNull());
      cover.dispatchEvent(new Event('load'));
      await vi.waitFor(() => expect(stylesheet()).not.toBeNull());
      return preloaded('preload').filter((href) => href?.includes('.m3u8'));
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
    runInlineScript(boot);
    await vi.waitFor(() => expect(stylesheet()).not.toBeNull());
    stylesheet()?.dispatchEvent(new Event('error'));
    expect(entryScript()?.getAttribute('src')).toBe('/livev3/assets/index.js');
  });

  it('hides the shell on routes that are not a live room and settles the cover wait at once', async () => {
    window.history.replaceState(null, '', '/livev3/#/pages/vote/index?token=demo');
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    runInlineScript();
    expect(document.documentElement.classList.contains('lv-off')).toBe(true);
    expect(fetchMock).not.toHaveBeenCalled();
    await window.__livev3Early?.coverSettled;
  });

  it('on a channel home paints the channel shell from the channel request, which the API client then uses', async () => {
    window.history.replaceState(null, '', '/livev3/#/pages/channel/index?channelToken=showcase&locale=en');
    const channel = {
      xcode: 200,
      data: {
        title: '<b>Showcase</b>',
        intro: 'Launches and summits',
        logo: '/media/logo.jpg',
        cover: '/media/cover.jpg',
        live: { cover: '/media/live.jpg' },
      },
    };
    const fetchMock = vi.fn(() => Promise.resolve(new Response(JSON.stringify(channel))));
    vi.stubGlobal('fetch', fetchMock);
    runInlineScript(boot);
    const root = document.documentElement;
    expect(root.classList.contains('lv-off')).toBe(true);
    expect(root.classList.contains('lv-chan')).toBe(true);
    expect(root.style.getPropertyValue('--lv-hbg')).toBe(
      shellData().script.colours[`${shellData().script.theme}-channel`].hbg,
    );
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const live = document.getElementById('lv-chv') as HTMLImageElement;
    await vi.waitFor(() => expect(live.getAttribute('src')).toBe('/media/live.jpg'));
    expect(live.getAttribute('fetchpriority')).toBe('high');
    expect(document.getElementById('lv-chc')?.getAttribute('src')).toBe('/media/cover.jpg');
    expect(document.getElementById('lv-chl')?.getAttribute('src')).toBe('/media/logo.jpg');
    const title = document.getElementById('lv-cht') as HTMLElement;
    expect(title.textContent).toBe('<b>Showcase</b>');
    expect(title.children).toHaveLength(0);
    expect(document.getElementById('lv-chp')?.textContent).toBe('Launches and summits');
    expect((document.getElementById('lv-chk') as HTMLElement).hidden).toBe(false);
    // The app starts once the live cover, the largest picture, is on screen.
    expect(entryScript()).toBeNull();
    live.dispatchEvent(new Event('load'));
    await window.__livev3Early?.coverSettled;
    await vi.waitFor(() => expect(stylesheet()).not.toBeNull());
    stylesheet()?.dispatchEvent(new Event('load'));
    expect(entryScript()?.getAttribute('src')).toBe('/livev3/assets/index.js');
    const { apiGet } = await import('../src/lib/api-client');
    const answer = await apiGet<{ title: string }>('/v2/api/home/index', { channel_token: 'showcase' });
    expect(answer.title).toBe('<b>Showcase</b>');
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('leaves the live card out of the channel shell when nothing is live, and waits for the channel cover', async () => {
    window.history.replaceState(null, '', '/livev3/#/pages/channel/index?channelToken=showcase');
    const channel = { xcode: 200, data: { title: 'Showcase', cover: '/media/cover.jpg', live: null } };
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(new Response(JSON.stringify(channel)))),
    );
    runInlineScript(boot);
    const cover = document.getElementById('lv-chc') as HTMLImageElement;
    await vi.waitFor(() => expect(cover.getAttribute('src')).toBe('/media/cover.jpg'));
    expect((document.getElementById('lv-chk') as HTMLElement).hidden).toBe(true);
    expect(document.getElementById('lv-chv')?.hasAttribute('src')).toBe(false);
    let settled = false;
    void window.__livev3Early?.coverSettled?.then(() => (settled = true));
    await new Promise((resolve) => setTimeout(resolve));
    expect(settled).toBe(false);
    cover.dispatchEvent(new Event('load'));
    await window.__livev3Early?.coverSettled;
    expect(settled).toBe(true);
    await vi.waitFor(() => expect(stylesheet()).not.toBeNull());
    document.head.querySelector('link[rel="modulepreload"]')?.dispatchEvent(new Event('load'));
    // The player's chunks are the live room's: the channel home does not fetch them.
    expect(preloaded('modulepreload')).toEqual(boot.modules);
  });

  it('gives the channel shell to the channel routes that start with the header and the live-now card', () => {
    expect(shellData().script.channels['/pages/channel/index']).toEqual({ variant: 'channel', intro: true });
    expect(shellData().script.channels['/pages/channel/room-new/index']).toBeUndefined();
    window.history.replaceState(null, '', '/livev3/#/pages/channel/index?channelToken=showcase');
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    document.body.innerHTML = SHELL;
    new Function(inlineScript({ ...shellData().script, channels: {} }, null))();
    expect(document.documentElement.classList.contains('lv-chan')).toBe(false);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('asks for no channel on a channel home without a channel token', () => {
    window.history.replaceState(null, '', '/livev3/#/pages/channel/index');
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    runInlineScript();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('starts the entry at once on a route that is not a live room, without the player chunks', () => {
    window.history.replaceState(null, '', '/livev3/#/pages/vote/index?token=demo');
    vi.stubGlobal('fetch', vi.fn());
    runInlineScript(boot);
    document.head.querySelector('link[rel="modulepreload"]')?.dispatchEvent(new Event('load'));
    expect(preloaded('modulepreload')).toEqual(boot.modules);
    stylesheet()?.dispatchEvent(new Event('load'));
    expect(entryScript()?.getAttribute('src')).toBe('/livev3/assets/index.js');
  });
});

describe('index.html inline script on the contest pages', () => {
  const contest = {
    xcode: 200,
    code: 200,
    data: { id: 1, title: '<b>Star of the year</b>', cover: '/media/contest.jpg' },
  };

  it("finds the contest home and today's star in the config, with the heading today's star shows", () => {
    const { contests } = shellData().script;
    expect(contests['/pages/template/index']).toEqual({
      variant: 'default',
      title: { 'zh-CN': '模板', en: 'Template' },
    });
    expect(contests['/pages/jinrizhixing/index']).toMatchObject({
      limit: 10,
      heading: { 'zh-CN': '今日得票最多的前 10 位选手', en: "Today's top 10 players by votes received" },
    });
  });

  it('on a contest home paints its shell, starts the contest request the API client then uses, and the app once the cover is on screen', async () => {
    window.history.replaceState(null, '', '/livev3/#/pages/template/index?vote_id=1&locale=en');
    const fetchMock = vi.fn(() => Promise.resolve(new Response(JSON.stringify(contest))));
    vi.stubGlobal('fetch', fetchMock);
    runInlineScript(boot);
    const root = document.documentElement;
    expect(root.classList.contains('lv-vote')).toBe(true);
    expect(root.classList.contains('lv-off')).toBe(true);
    expect(root.style.getPropertyValue('--lv-shadow')).toBe(
      shellData().script.colours[`${shellData().script.theme}-default`].shadow,
    );
    expect(document.getElementById('lv-vh')?.textContent).toBe('Template');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const cover = document.getElementById('lv-vi') as HTMLImageElement;
    await vi.waitFor(() => expect(cover.getAttribute('src')).toBe('/media/contest.jpg'));
    expect(cover.getAttribute('fetchpriority')).toBe('high');
    const title = document.getElementById('lv-vn') as HTMLElement;
    expect(title.textContent).toBe('<b>Star of the year</b>');
    expect(title.children).toHaveLength(0);
    // Nothing of the app before the cover is on screen, not even its download: it would compete with the cover.
    await nextFrame();
    expect(preloaded('modulepreload')).toEqual([]);
    cover.dispatchEvent(new Event('load'));
    await vi.waitFor(() => expect(cover.hidden).toBe(false));
    await window.__livev3Early?.coverSettled;
    await vi.waitFor(() => expect(stylesheet()).not.toBeNull());
    expect(preloaded('modulepreload')).toEqual(boot.modules);
    stylesheet()?.dispatchEvent(new Event('load'));
    expect(entryScript()?.getAttribute('src')).toBe('/livev3/assets/index.js');
    const { apiGet } = await import('../src/lib/api-client');
    const answer = await apiGet<{ title: string }>('/v3/api/vote/detail', { vote_id: 1 });
    expect(answer.title).toBe('<b>Star of the year</b>');
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('takes the cover area out of a contest shell whose contest has no cover, and starts the app', async () => {
    window.history.replaceState(null, '', '/livev3/#/pages/template/index?vote_id=1');
    const bare = { ...contest, data: { ...contest.data, cover: '' } };
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(new Response(JSON.stringify(bare)))),
    );
    runInlineScript(boot);
    await vi.waitFor(() => expect(stylesheet()).not.toBeNull());
    expect((document.getElementById('lv-vi')?.parentNode as HTMLElement).hidden).toBe(true);
    expect(document.getElementById('lv-vi')?.hasAttribute('src')).toBe(false);
  });

  it("on today's star paints its heading, starts the contest and ranking requests the API client then uses, and the app once the shell is painted", async () => {
    window.history.replaceState(null, '', '/livev3/#/pages/jinrizhixing/index?vote_id=01&locale=en');
    const stars = { xcode: 200, data: { date: '2026-11-25', list: [] } };
    const fetchMock = vi.fn((url: string) =>
      Promise.resolve(new Response(JSON.stringify(url.includes('today_star') ? stars : contest))),
    );
    vi.stubGlobal('fetch', fetchMock);
    runInlineScript(boot);
    expect(document.documentElement.classList.contains('lv-star')).toBe(true);
    expect(document.getElementById('lv-vh')?.textContent).toBe("Today's star");
    expect(document.getElementById('lv-vsh')?.textContent).toBe("Today's top 10 players by votes received");
    expect(fetchMock).toHaveBeenCalledTimes(2);
    // Its largest paint is the heading, in the HTML: the app starts a frame after it.
    await window.__livev3Early?.coverSettled;
    await vi.waitFor(() => expect(stylesheet()).not.toBeNull());
    const { apiGet } = await import('../src/lib/api-client');
    // The client asks with the number the address names (01 is contest 1).
    await apiGet('/v3/api/vote/detail', { vote_id: 1 });
    const answer = await apiGet<{ date: string }>('/v3/api/vote/today_star', { vote_id: 1, limit: 10 });
    expect(answer.date).toBe('2026-11-25');
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('paints no contest shell and asks for nothing without a contest number, or on a player that a poster opens', () => {
    for (const address of [
      '/livev3/#/pages/template/index',
      '/livev3/#/pages/template/index?vote_id=x1',
      '/livev3/#/pages/jinrizhixing/index?vote_id=1&player_id=7',
    ]) {
      window.history.replaceState(null, '', address);
      const fetchMock = vi.fn();
      vi.stubGlobal('fetch', fetchMock);
      runInlineScript();
      const root = document.documentElement;
      expect(root.classList.contains('lv-vote') || root.classList.contains('lv-star')).toBe(false);
      expect(root.classList.contains('lv-off')).toBe(true);
      expect(fetchMock).not.toHaveBeenCalled();
      root.className = '';
    }
  });
});

describe('the built index.html', () => {
  // As the build writes it: no modulepreload tags (build.modulePreload is off).
  const built = [
    '<title>livev3</title>',
    '<script type="module" crossorigin src="/livev3/assets/index-A1.js"></script>',
    '<link rel="stylesheet" crossorigin href="/livev3/assets/index-C3.css">',
  ].join('\n');
  const chunk = (fileName: string, facadeModuleId: string | null, imports: string[] = []) => ({
    type: 'chunk',
    fileName,
    facadeModuleId,
    imports,
  });
  const bundle = {
    entry: chunk('assets/index-A1.js', '/app/src/app/main.tsx', [
      'assets/runtime-B2.js',
      'assets/shared-F6.js',
    ]),
    runtime: chunk('assets/runtime-B2.js', null),
    shared: chunk('assets/shared-F6.js', null, ['assets/runtime-B2.js', 'assets/deep-G7.js']),
    deep: chunk('assets/deep-G7.js', null),
    a: chunk('assets/Player-D4.js', '/app/src/features/player/Player.tsx', ['assets/runtime-B2.js']),
    b: chunk('assets/hls.light-E5.js', '/app/node_modules/hls.js/dist/hls.light.mjs'),
  } as unknown as Parameters<typeof deferEntry>[1];

  it('takes the entry and its stylesheet out, with every module the entry imports, for the inline script', () => {
    const { html, boot: entry } = deferEntry(built, bundle, '/livev3/');
    expect(html).toBe('<title>livev3</title>');
    expect(entry).toEqual({
      js: '/livev3/assets/index-A1.js',
      modules: [
        '/livev3/assets/index-A1.js',
        '/livev3/assets/runtime-B2.js',
        '/livev3/assets/shared-F6.js',
        '/livev3/assets/deep-G7.js',
      ],
      css: ['/livev3/assets/index-C3.css'],
      player: ['/livev3/assets/Player-D4.js', '/livev3/assets/hls.light-E5.js'],
    });
  });

  it('takes out modulepreload tags too, each module once', () => {
    const tagged = built.replace(
      '</script>',
      '</script>\n<link rel="modulepreload" crossorigin href="/livev3/assets/runtime-B2.js">',
    );
    const { html, boot: entry } = deferEntry(tagged, bundle, '/livev3/');
    expect(html).toBe('<title>livev3</title>');
    expect(entry.modules.filter((href) => href.endsWith('runtime-B2.js'))).toHaveLength(1);
  });

  it('fails the build when the entry or a player chunk is missing', () => {
    expect(() => deferEntry('<title>livev3</title>', bundle, '/livev3/')).toThrow(/no entry/);
    expect(() => deferEntry(built, {} as typeof bundle, '/livev3/')).toThrow(/Player\.tsx/);
  });
});
