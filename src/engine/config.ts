/**
 * The app configuration, validated at build time by scripts/config-check.ts against schemas/app-config.schema.json.
 * These types mirror that schema; the config check is what guarantees the JSON matches them.
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
  cookieLifeMs: number;
  scrollToBottomDelayMs: number;
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

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (locales as readonly string[]).includes(value);
}

/** The debug helper is on only where the origin contains one of the configured markers (spec section 9). */
export function isDebugOrigin(origin: string, constants: AppConstants = appConfig.constants): boolean {
  return constants.debugOriginMarkers.some((marker) => origin.includes(marker));
}
