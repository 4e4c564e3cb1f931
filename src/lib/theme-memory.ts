/**
 * The theme an event was last shown in, kept per event (`livev3:theme:<video token>`): the start-up and the app put it
 * on before the first paint, so a returning viewer never sees the wrong theme flash.
 */
const THEME_KEY = 'livev3:theme:';

export function rememberedThemeName(videoToken: string, fallback: string): string {
  try {
    return localStorage.getItem(THEME_KEY + videoToken) ?? fallback;
  } catch {
    return fallback;
  }
}

export function rememberThemeName(videoToken: string, name: string): void {
  try {
    localStorage.setItem(THEME_KEY + videoToken, name);
  } catch {
    // Storage may be unavailable (private mode); the theme then just is not remembered.
  }
}
