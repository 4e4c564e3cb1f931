import { useSyncExternalStore } from 'react';
import { HashRouter, useLocation } from 'react-router-dom';
import { appConfig, getConfigRevision, subscribeConfig } from '../engine/config';
import { findRoute } from '../engine/routes';
import { Toaster } from '../ui/toast/Toaster';
import { DialogHost } from '../ui/dialog/DialogHost';
import { LoadingOverlay } from '../ui/loading/LoadingOverlay';
import { NotFoundPage } from '../pages/not-found/NotFoundPage';
import { RoutePage } from './RoutePage';
import { useDocumentTheme } from './theme-root';
import { useFirstScreenShown } from '../lib/first-screen';
import { FailureBoundary } from '../ui/boundary/FailureBoundary';
import { PageFailure } from './PageFailure';

function NotFoundRoute() {
  useDocumentTheme();
  useFirstScreenShown();
  return <NotFoundPage />;
}

/** The page of the configured route at the current hash path, or the not-found page. */
function RouteSwitch() {
  const route = findRoute(appConfig, useLocation().pathname);
  return route ? <RoutePage route={route} /> : <NotFoundRoute />;
}

/**
 * Development: the revision of the config, which a save in the studio or the editor bumps.
 */
function useSavedConfig(): number {
  return useSyncExternalStore(subscribeConfig, getConfigRevision);
}

/**
 * Development: a saved config is applied in place (src/engine/config.ts) and the routes render again. Production
 * never changes its config, and its build (no import.meta.hot) drops the subscription.
 */
const useConfigRevision: () => number = import.meta.hot ? useSavedConfig : () => 0;

/**
 * Routes come from config/app.json. <HashRouter> with the switch above rather than the data router: it is ~18 KB gz
 * smaller and the app needs no loaders or actions. Hash routing keeps the WeChat JS-SDK signature URL stable.
 */
export function App() {
  useConfigRevision();
  return (
    <FailureBoundary fallback={() => <PageFailure kind="crash" onRetry={() => window.location.reload()} />}>
      <HashRouter>
        <RouteSwitch />
        <Toaster />
        <DialogHost />
        <LoadingOverlay />
      </HashRouter>
    </FailureBoundary>
  );
}
