import { HashRouter, Route, Routes } from 'react-router-dom';
import { appConfig } from '../engine/config';
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
export function App() {
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
