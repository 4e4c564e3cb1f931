import type { ThemeVariant } from '../engine/config';
import { themeOverride } from './theme-root';

declare global {
  interface Window {
    __livev3?: { setTheme(name: string, variant?: ThemeVariant): void };
  }
}

/**
 * Screenshot suites force a theme through window.__livev3.setTheme. The hook exists only when the page was opened
 * with e2e=1 in its query, so ordinary viewers never get it.
 */
export function installE2eHooks(href: string): void {
  const hashQuery = href.includes('?') ? href.slice(href.lastIndexOf('?') + 1) : '';
  if (new URLSearchParams(hashQuery).get('e2e') !== '1') return;
  window.__livev3 = {
    setTheme(name, variant = 'default') {
      themeOverride.update(() => ({ name, variant }));
    },
  };
}
