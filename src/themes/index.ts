import { themeClasses, themeConfirmColors } from './themes.css';

export { vars } from './contract.css';
export type { ThemeVariantName } from './tokens';

const DEFAULT_THEME = 'red';

/** Every selectable theme, discovered from themes/*.json. */
export const themeNames: readonly string[] = Object.keys(themeClasses).sort();

export function themeClassName(name: string, variant: 'default' | 'channel'): string {
  const classes = Object.hasOwn(themeClasses, name) ? themeClasses[name] : themeClasses[DEFAULT_THEME];
  return classes[variant];
}

export function confirmColor(name: string): string {
  return Object.hasOwn(themeConfirmColors, name)
    ? themeConfirmColors[name]
    : themeConfirmColors[DEFAULT_THEME];
}

/**
 * Development: a saved theme file recompiles themes.css.ts, whose stylesheet Vite swaps in place. The class names do
 * not change (one per theme x variant), so the page keeps running without a reload; only a theme added or removed
 * needs one.
 */
if (import.meta.hot) {
  import.meta.hot.accept('./themes.css', (next) => {
    const updated = next as
      { themeClasses: typeof themeClasses; themeConfirmColors: typeof themeConfirmColors } | undefined;
    if (!updated || Object.keys(updated.themeClasses).sort().join() !== themeNames.join()) {
      import.meta.hot?.invalidate('the list of themes changed');
      return;
    }
    Object.assign(themeConfirmColors, updated.themeConfirmColors);
  });
}
