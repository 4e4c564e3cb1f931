// @vitest-environment jsdom
// @vitest-environment-options {"url": "http://localhost/livev3/#/pages/home/index?token=demo&locale=en"}
import { afterEach, describe, expect, it, vi } from 'vitest';
import { inlineScript, SHELL, shellData } from './paint-shell';

const envelope = { xcode: 200, data: { title: '<b>Launch</b>', cover: '/streams/vod/demo/cover.jpg' } };

function runInlineScript() {
  document.body.innerHTML = SHELL;
  // The very text index.html carries.
  new Function(inlineScript(shellData().script))();
}

afterEach(() => {
  vi.unstubAllGlobals();
  delete window.__livev3Early;
  document.documentElement.className = '';
  document.head.querySelectorAll('link').forEach((link) => link.remove());
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
    expect(cover.hidden).toBe(false);
    cover.dispatchEvent(new Event('load'));
    await window.__livev3Early?.coverSettled;
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

  it('on a channel home starts the channel request for the API client and preloads its covers, without the shell', async () => {
    window.history.replaceState(null, '', '/livev3/#/pages/channel/index?channelToken=showcase&locale=en');
    const channel = {
      xcode: 200,
      data: { title: 'Showcase', cover: '/media/cover.jpg', live: { cover: '/media/live.jpg' } },
    };
    const fetchMock = vi.fn(() => Promise.resolve(new Response(JSON.stringify(channel))));
    vi.stubGlobal('fetch', fetchMock);
    runInlineScript();
    expect(document.documentElement.classList.contains('lv-off')).toBe(true);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await vi.waitFor(() =>
      expect(document.querySelectorAll('link[rel="preload"][as="image"]')).toHaveLength(2),
    );
    const preloads = [...document.querySelectorAll('link[rel="preload"][as="image"]')];
    expect(preloads.map((link) => link.getAttribute('href'))).toEqual([
      '/media/live.jpg',
      '/media/cover.jpg',
    ]);
    expect(preloads.every((link) => link.getAttribute('fetchpriority') === 'high')).toBe(true);
    const { apiGet } = await import('../src/lib/api-client');
    const answer = await apiGet<{ title: string }>('/v2/api/home/index', { channel_token: 'showcase' });
    expect(answer.title).toBe('Showcase');
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('asks for no channel on a channel home without a channel token', () => {
    window.history.replaceState(null, '', '/livev3/#/pages/channel/index');
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    runInlineScript();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
