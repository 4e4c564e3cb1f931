/**
 * The theme is a class on <html>: switching is a class swap, and main.tsx applies the class remembered for this event
 * before the first render, so a returning viewer never sees the wrong theme flash.
 */
import { useEffect } from 'react';
import type { ThemeVariant } from '../engine/config';
import { appConfig } from '../engine/config';
import { resolveThemeName } from '../engine/theme';
import { createStore, useStore } from '../lib/store';
import { rememberedThemeName, rememberThemeName } from '../lib/theme-memory';
import { useVideo } from '../features/video/store';
import { themeClassName, themeNames } from '../themes';

/** Test and designer override (screenshots), set through window.__livev3.setTheme. */
export const themeOverride = createStore<{ name: string; variant: ThemeVariant } | null>(null);

export function applyThemeClass(name: string, variant: ThemeVariant): void {
  const root = document.documentElement;
  const next = themeClassName(name, variant);
  // The classes on <html>, put there by the start-up (src/boot/start.ts) or by an earlier call.
  const applied = root.dataset.themeClass ?? '';
  root.dataset.theme = `${name}-${variant}`;
  if (next === applied) return;
  if (applied) root.classList.remove(...applied.split(' '));
  root.classList.add(...next.split(' '));
  root.dataset.themeClass = next;
}

export function rememberedTheme(videoToken: string): string {
  return rememberedThemeName(videoToken, appConfig.theme.default);
}

export function useDocumentTheme(variant: ThemeVariant = 'default'): void {
  const colorCode = useVideo((state) => state.info?.color_code);
  const token = useVideo((state) => state.info?.token);
  const override = useStore(themeOverride, (state) => state);
  useEffect(() => {
    const name = override?.name ?? resolveThemeName(colorCode, appConfig, themeNames);
    applyThemeClass(name, override?.variant ?? variant);
    if (token && !override) rememberThemeName(token, name);
  }, [colorCode, token, override, variant]);
}
