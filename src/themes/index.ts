import { themeClasses, themeConfirmColors } from './themes.css';

export { vars } from './contract.css';
export type { ThemeVariantName } from './tokens';

export const DEFAULT_THEME = 'red';

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
