import { useSyncExternalStore } from 'react';
import { HashRouter, Route, Routes } from 'react-router-dom';
import { appConfig, getConfigRevision, subscribeConfig } from '../engine/config';
import { routePaths } from '../engine/routes';
import { Toaster } from '../ui/toast/Toaster';
import { DialogHost } from '../ui/dialog/DialogHost';
import { LoadingOverlay } from '../ui/loading/LoadingOverlay';
import { NotFoundPage } from '../pages/not-found/NotFoundPage';
import { RoutePage } from './RoutePage';
import { useDocumentTheme } from './theme-root';

function NotFoundRoute() {
  useDocumentTheme();
  return <NotFoundPage />;
}

/**
 * Routes come from config/app.json. <HashRouter><Routes> rather than the data router: it is ~18 KB gz smaller and
 * the app needs no loaders or actions. Hash routing keeps the WeChat JS-SDK signature URL stable.
 */
function useSavedConfig(): number {
  return useSyncExternalStore(subscribeConfig, getConfigRevision);
}

/**
 * Development: a saved config is applied in place (src/engine/config.ts) and the routes render again. Production
 * never changes its config, and its build (no import.meta.hot) drops the subscription.
 */
const useConfigRevision: () => number = import.meta.hot ? useSavedConfig : () => 0;

export function App() {
  useConfigRevision();
  return (
    <HashRouter>
      <Routes>
        {appConfig.routes.flatMap((route) =>
          routePaths(route).map((path) => (
            <Route key={path} path={path} element={<RoutePage route={route} />} />
          )),
        )}
        <Route path="*" element={<NotFoundRoute />} />
      </Routes>
      <Toaster />
      <DialogHost />
      <LoadingOverlay />
    </HashRouter>
  );
}
