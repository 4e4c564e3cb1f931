import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '../themes/global.css';
import { configureApiClient } from '../lib/api-client';
import { i18n, initI18n } from '../lib/i18n';
import { launchStore } from '../lib/launch';
import { loadVideoDetail } from '../features/video/api';
import { loadHls } from '../features/player/engine';
import { loadPlayer } from '../features/player/lazy';
import { findRoute } from '../engine/routes';
import { appConfig } from '../engine/config';
import { toast } from '../ui/toast/toast';
import { hideLoading, showLoading } from '../ui/loading/loading';
import { App } from './App';
import { installDebugHelper } from './debug';
import { installE2eHooks } from './e2e-hooks';
import { checkLogin } from './RoutePage';
import { applyThemeClass, rememberedTheme } from './theme-root';

const launch = launchStore.get();
const currentPath = () => window.location.hash.replace(/^#/, '').split('?')[0] || '/';

// The remembered theme goes on before the first paint; the event's color_code confirms or swaps it.
applyThemeClass(
  rememberedTheme(launch.videoToken),
  findRoute(appConfig, currentPath())?.themeVariant ?? 'default',
);
installE2eHooks(window.location.href);
installDebugHelper(window.location.origin);

configureApiClient({
  toast,
  showLoading,
  hideLoading,
  t: (key) => i18n.t(key),
  onLoginRequired: () => {
    const route = findRoute(appConfig, currentPath());
    if (route) checkLogin(route);
  },
});

// The detail request starts now, in parallel with the locale and the first page chunk; on the live room the player
// library starts downloading too (most streams need only the light build; the player loads the full one if not).
void loadVideoDetail({ quiet: true });
if (findRoute(appConfig, currentPath())?.page === 'home') {
  void loadHls({}).catch(() => {});
  void loadPlayer().catch(() => {});
}

void initI18n(launch.locale).then(() => {
  createRoot(document.getElementById('root') as HTMLElement).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
