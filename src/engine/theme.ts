import type { AppConfig } from './config';

/**
 * The event's color_code selects the theme: either a theme name itself or a code mapped in config `theme.colorCodes`;
 * anything unknown falls back to the config default.
 */
export function resolveThemeName(
  colorCode: unknown,
  config: AppConfig,
  themeNames: readonly string[],
): string {
  const code = colorCode === undefined || colorCode === null ? '' : String(colorCode).trim();
  if (code && themeNames.includes(code)) return code;
  const colorCodes = config.theme.colorCodes ?? {};
  const mapped = Object.hasOwn(colorCodes, code) ? colorCodes[code] : undefined;
  if (mapped && themeNames.includes(mapped)) return mapped;
  return config.theme.default;
}
