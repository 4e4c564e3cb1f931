/**
 * The theme is a class on <html>: switching is a class swap, and main.tsx applies the class remembered for this event
 * before the first render, so a returning viewer never sees the wrong theme flash.
 */
import { useEffect } from 'react';
import type { ThemeVariant } from '../engine/config';
import { appConfig } from '../engine/config';
import { resolveThemeName } from '../engine/theme';
import { createStore, useStore } from '../lib/store';
import { useVideo } from '../features/video/store';
import { themeClassName, themeNames } from '../themes';

const THEME_KEY = 'livev3:theme:';

/** Test and designer override (screenshots), set through window.__livev3.setTheme. */
export const themeOverride = createStore<{ name: string; variant: ThemeVariant } | null>(null);

let appliedClass = '';

export function applyThemeClass(name: string, variant: ThemeVariant): void {
  const root = document.documentElement;
  const next = themeClassName(name, variant);
  if (next === appliedClass) return;
  if (appliedClass) root.classList.remove(...appliedClass.split(' '));
  root.classList.add(...next.split(' '));
  root.dataset.theme = `${name}-${variant}`;
  appliedClass = next;
}

export function rememberedTheme(videoToken: string): string {
  try {
    return localStorage.getItem(THEME_KEY + videoToken) ?? appConfig.theme.default;
  } catch {
    return appConfig.theme.default;
  }
}

export function useDocumentTheme(variant: ThemeVariant = 'default'): void {
  const colorCode = useVideo((state) => state.info?.color_code);
  const token = useVideo((state) => state.info?.token);
  const override = useStore(themeOverride, (state) => state);
  useEffect(() => {
    const name = override?.name ?? resolveThemeName(colorCode, appConfig, themeNames);
    applyThemeClass(name, override?.variant ?? variant);
    if (token && !override) {
      try {
        localStorage.setItem(THEME_KEY + token, name);
      } catch {
        // Storage may be unavailable (private mode); the theme then just is not remembered.
      }
    }
  }, [colorCode, token, override, variant]);
}
