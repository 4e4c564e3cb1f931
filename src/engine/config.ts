/**
 * The app configuration, validated at build time by scripts/config-check.ts against schemas/app-config.schema.json.
 * These types mirror that schema; the config check is what guarantees the JSON matches them. The build (and the dev
 * server) give this import the config with the schemas' defaults filled in, each block's props included
 * (scripts/config-check-plugin.ts).
 */
import rawConfig from '../../config/app.json';

export const locales = ['zh-CN', 'en'] as const;
export type Locale = (typeof locales)[number];
export type LocalisedText = Record<Locale, string>;

export type BlockConfig = { type: string; props?: Record<string, unknown> };
export type ThemeVariant = 'default' | 'channel';

export type RouteConfig = {
  path: string;
  aliases?: string[];
  page: string;
  login: 'required' | 'none';
  title: LocalisedText;
  pullDownRefresh?: boolean;
  themeVariant?: ThemeVariant;
  blocks: BlockConfig[];
};

export type AppConstants = {
  requestTimeoutMs: number;
  socketTimeoutMs: number;
  uploadTimeoutMs: number;
  downloadTimeoutMs: number;
  pageLoadTimeoutMs: number;
  pageLoadIndicatorDelayMs: number;
  chunkLoadTimeoutMs: number;
  defaultLocale: Locale;
  locales: Locale[];
  version: string;
  versionCode: number;
  debugOriginMarkers: string[];
  scrollToBottomDelayMs: number;
  subtitleTrackPollMs: number;
  captionGridRows: number;
  captionGridColumns: number;
  apiOrigin: string;
  wechatJsSdkUrl: string;
  wechatLoginPath: string;
  externalLinkAllowList: string[];
};

export type AppConfig = {
  theme: { default: string; colorCodes?: Record<string, string> };
  constants: AppConstants;
  routes: RouteConfig[];
};

export const appConfig = rawConfig as AppConfig;

/**
 * Development: a saved config/app.json is applied in place (the same `appConfig` object takes the new contents) and
 * the app re-renders its routes, so the studio's frames and `npm run dev` show it without reloading. Production has
 * no hot module and never changes the config.
 */
const configListeners = new Set<() => void>();
let configRevision = 0;

export function subscribeConfig(listener: () => void): () => void {
  configListeners.add(listener);
  return () => configListeners.delete(listener);
}

/** Increases on every config applied in place (a useSyncExternalStore snapshot). */
export function getConfigRevision(): number {
  return configRevision;
}

if (import.meta.hot) {
  import.meta.hot.accept('../../config/app.json', (next) => {
    const saved = (next as { default?: AppConfig } | undefined)?.default;
    if (!saved) return;
    Object.assign(appConfig, saved);
    configRevision += 1;
    configListeners.forEach((listener) => listener());
  });
}

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (locales as readonly string[]).includes(value);
}

/** The debug helper is on only where the origin contains one of the configured markers (test, LAN addresses). */
export function isDebugOrigin(origin: string, constants: AppConstants = appConfig.constants): boolean {
  return constants.debugOriginMarkers.some((marker) => origin.includes(marker));
}
