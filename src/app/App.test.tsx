// @vitest-environment jsdom
/**
 * The app is what config says: changing a route's blocks or its login flag in config/app.json changes what renders,
 * with no code change. The config object is edited in place here, as an operator would edit the JSON.
 */
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { appConfig, type RouteConfig } from '../engine/config';
import { loadVideoDetail } from '../features/video/api';
import { videoStore } from '../features/video/store';
import { launchStore } from '../lib/launch';
import { App } from './App';

const info = {
  token: 'demo',
  user_id: 1,
  color_code: 'pink',
  title: 'Config test event',
  cover: '',
  description: 'An introduction',
  announcement: 'Doors open at seven',
  live_status: 0,
  views: 10,
  live_url: '',
  replay_url: '',
  needs_password: false,
  price: 0,
  needs_info_form: false,
  can_watch: true,
};

/** Pages and blocks load lazily: the first render of a run waits for their modules to compile. */
const LOAD = { timeout: 15_000 };

const original = structuredClone(appConfig.routes);
const home = () => appConfig.routes.find((route) => route.path === '/pages/home/index') as RouteConfig;

beforeEach(async () => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify({ xcode: 200, msg: 'ok', data: info }))),
  );
  launchStore.update((draft) => {
    draft.videoToken = 'demo';
  });
  videoStore.reset();
  await loadVideoDetail({ quiet: true });
  window.location.hash = '#/pages/home/index?token=demo';
});

afterEach(() => {
  // Unmount: a page left mounted would run its login check during the next test.
  cleanup();
  appConfig.routes.splice(0, appConfig.routes.length, ...structuredClone(original));
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** Pretends to be WeChat's browser; returns the spy that catches the login redirect. */
function openInWeChat() {
  const assign = vi.fn();
  vi.stubGlobal('navigator', { ...navigator, userAgent: 'Mozilla/5.0 MicroMessenger/8.0.47' });
  vi.spyOn(window, 'location', 'get').mockReturnValue({
    ...window.location,
    assign,
    href: 'http://localhost/livev3/#/pages/home/index?token=demo',
  } as Location);
  return assign;
}

async function renderApp() {
  render(<App />);
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, 50));
  });
}

describe('config drives the app', () => {
  it('renders the home blocks config declares, in order', async () => {
    await renderApp();
    expect(await screen.findByText('Config test event', {}, LOAD)).toBeTruthy();
    expect(screen.getByText('Doors open at seven')).toBeTruthy();
    expect(document.documentElement.dataset.theme).toBe('pink-default');
  });

  it('drops a block removed from config and shows a block added to it', async () => {
    home().blocks = [
      { type: 'footer', props: { text: { 'zh-CN': '配置改了', en: 'Config changed' } } },
      { type: 'video-header', props: {} },
    ];
    await renderApp();
    expect(await screen.findByText('配置改了', {}, LOAD)).toBeTruthy();
    expect(screen.queryByText('Doors open at seven')).toBeNull();
    const footer = screen.getByText('配置改了');
    const title = screen.getByText('Config test event');
    expect(footer.compareDocumentPosition(title) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('runs the WeChat login check when config makes the page require login', async () => {
    const assign = openInWeChat();
    home().login = 'required';
    await renderApp();
    await waitFor(
      () => expect(assign).toHaveBeenCalledWith(expect.stringContaining('auth_token=none')),
      LOAD,
    );
  });

  it('opens the same page without a login check when config says none', async () => {
    const assign = openInWeChat();
    home().login = 'none';
    await renderApp();
    expect(await screen.findByText('Config test event', {}, LOAD)).toBeTruthy();
    expect(assign).not.toHaveBeenCalled();
  });
});
