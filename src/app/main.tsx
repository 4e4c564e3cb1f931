// First: a login coming back from WeChat leaves the address before anything reads it.
import { hasPendingLogin, takeLoginError } from '../lib/login-return';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import '../themes/global.css';
import { configureApiClient } from '../lib/api-client';
import { i18n, initI18n, type TranslationKey } from '../lib/i18n';
import { coverSettled } from '../lib/early';
import { launchStore } from '../lib/launch';
import { loadVideoDetail } from '../features/video/api';
import { browserEngine, loadHls, startingStream } from '../features/player/engine';
import { videoStore } from '../features/video/store';
import { loadPlayer } from '../features/player/lazy';
import { autoplayRefused } from '../features/player/autoplay';
import { holdBackUntil } from '../lib/priority';
import { findRoute } from '../engine/routes';
import { appConfig, isDebugOrigin } from '../engine/config';
import { toast } from '../ui/toast/toast';
import { hideLoading, showLoading } from '../ui/loading/loading';
import { App } from './App';
import { checkLogin } from './RoutePage';
import { nextTask } from '../lib/next-task';
import { applyThemeClass, rememberedTheme } from './theme-root';
import { now } from '../lib/clock';
import { hashPath } from '../lib/launch-params';

const launch = launchStore.get();
const currentPath = () => hashPath(window.location.hash);

// The remembered theme goes on before the first paint; the event's color_code confirms or swaps it.
applyThemeClass(
  rememberedTheme(launch.videoToken),
  findRoute(appConfig, currentPath())?.themeVariant ?? 'default',
);
// Browser suites and development only (a forced theme): the hooks' code stays out of everyone else's first load. They
// are in before the first render (awaited below).
const e2eHooks =
  window.__livev3Suite || import.meta.env.DEV
    ? import('./e2e-hooks').then((hooks) => hooks.installE2eHooks(window.location.href))
    : undefined;
// The organiser console's phone preview (a frame) picks the theme: its code stays out of everyone else's first load.
if (window.self !== window.top)
  void import('./preview-theme').then((preview) => preview.followPreviewTheme());
// Test and LAN origins only: the helper's code stays out of everyone else's first load.
if (isDebugOrigin(window.location.origin))
  void import('./debug').then(({ installDebugHelper }) => installDebugHelper(window.location.origin));

configureApiClient({
  toast,
  showLoading,
  hideLoading,
  t: (key) => i18n.t(key as TranslationKey),
  onLoginRequired: (call) => {
    if (!call) {
      const route = findRoute(appConfig, currentPath());
      if (route) checkLogin(route);
      return;
    }
    // An action needs a login (on any route): WeChat's login in WeChat, the login page elsewhere, then back.
    void import('../features/account/login-check').then(({ startLogin }) =>
      startLogin(call, {
        href: window.location.href,
        userAgent: navigator.userAgent,
        videoToken: launchStore.get().videoToken,
        locale: launchStore.get().locale,
        scrollY: window.scrollY,
        now: now(),
        redirect: (url) => window.location.assign(url),
        openRoute: (path) => {
          window.location.hash = path;
        },
      }),
    );
  },
});

// Start-up runs in pieces, each in a task of its own (nextTask): in one task, evaluating the entry, starting the
// calls, the locale, creating the root and checking a pending login blocked a phone's main thread for ~300 ms.
void (async () => {
  // The detail request (usually already answered: index.html's inline script started it) runs in parallel with the
  // locale and the first page chunk. On the live room the player library follows the cover, which the inline script
  // fetches with high priority as soon as the detail names it, instead of competing with it for the network (most
  // streams need only the light build; the full one for a stream with subtitles or captions, as the detail says).
  // Browsers that play HLS natively (iOS, WeChat on iOS) never load hls.js.
  const detail = loadVideoDetail({ quiet: true });
  // A token edited in the address bar switches to that event without a reload (its code loads beside the page's).
  void import('./token-watch').then((watch) => watch.watchVideoToken(window, () => void loadVideoDetail()));
  if (findRoute(appConfig, currentPath())?.page === 'home') {
    // After the detail (usually in already), which says which build the stream needs.
    const player = Promise.all([coverSettled(), detail.catch(() => undefined)]).then(() => {
      // Every stream of the event (live, replay, each episode) asks the same of the player: the detail says it.
      const info = videoStore.get().info;
      const needs = { subtitles: Boolean(info?.has_subtitles), captions: Boolean(info?.has_captions) };
      return Promise.all([browserEngine() === 'hls' ? loadHls(needs) : undefined, loadPlayer()]);
    });
    player.catch(() => {});
    // Where the video starts by itself, the blocks below it wait for the player's code (src/lib/priority.ts): on a
    // slow network their code and calls would otherwise share the bandwidth with hls.js and put the first frame off.
    // Where it waits for a tap, or the event has no stream to start (not started, an access gate, episodes still to
    // choose), they do not: the page comes first then.
    holdBackUntil(
      Promise.all([autoplayRefused(), detail]).then(([refused]) =>
        refused || !startingStream(videoStore.get().info) ? undefined : player,
      ),
    );
  }
  await nextTask();
  await initI18n(launch.locale);
  await e2eHooks;
  await nextTask();
  const root = createRoot(document.getElementById('root') as HTMLElement);
  await nextTask();
  startTransition(() =>
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  );
  await nextTask();
  // Back from a WeChat login the server refused: say why.
  const loginError = takeLoginError();
  if (loginError)
    void import('../features/account/login-check').then(({ showLoginError }) => showLoginError(loginError));
  // Back from a login that an action started: scroll back and run the action once.
  if (hasPendingLogin())
    void import('../features/account/login-check').then(({ resumeAfterLogin, browserResumeEnv }) =>
      resumeAfterLogin(browserResumeEnv(launch.videoToken)),
    );
})();
