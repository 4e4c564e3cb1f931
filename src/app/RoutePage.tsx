import { useEffect } from 'react';
import { useTranslation } from '../lib/i18n';
import type { RouteConfig } from '../engine/config';
import { RouteConfigContext } from '../engine/route-context';
import { launchStore } from '../lib/launch';
import { setRouteTitle } from '../lib/page-title';
import { videoStore } from '../features/video/store';
import { PageLoader } from './PageLoader';
import { useDocumentTheme } from './theme-root';

/**
 * The login check of routes whose config says login "required" (login-check.ts). Its code loads only for routes that
 * require login, so the open pages (the live room above all) do not carry it in their first load.
 */
export function checkLogin(route: RouteConfig): void {
  if (route.login === 'none') return;
  void import('../features/account/login-check').then(({ runLoginCheck }) =>
    runLoginCheck(route, {
      href: window.location.href,
      userAgent: navigator.userAgent,
      videoToken: launchStore.get().videoToken,
      redirect: (url) => window.location.assign(url),
      replaceUrl: (url) => window.history.replaceState(window.history.state, '', url),
      setH5Login: (value) =>
        videoStore.update((draft) => {
          draft.h5Login = value;
        }),
    }),
  );
}

/** One configured route: login check, document title, theme variant, then the lazily loaded page. */
export function RoutePage({ route }: { route: RouteConfig }) {
  const { i18n } = useTranslation();
  useDocumentTheme(route.themeVariant);

  useEffect(() => {
    checkLogin(route);
  }, [route]);

  useEffect(() => {
    setRouteTitle(i18n.language === 'en' ? route.title.en : route.title['zh-CN']);
  }, [route, i18n.language]);

  return (
    <RouteConfigContext.Provider value={route}>
      <PageLoader pageKey={route.page} />
    </RouteConfigContext.Provider>
  );
}
