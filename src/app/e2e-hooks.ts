import type { ThemeVariant } from '../engine/config';
import { themeOverride } from './theme-root';

declare global {
  interface Window {
    __livev3?: { setTheme(name: string, variant?: ThemeVariant): void };
  }
}

/**
 * Screenshot suites and the studio force a theme: `theme=<name>&variant=<default|channel>` in the hash query, or
 * window.__livev3.setTheme. Both exist only in development or when the page was opened with e2e=1 in its query, so a
 * production link keeps the event's own theme.
 */
export function installE2eHooks(href: string, development = import.meta.env.DEV): void {
  const hashQuery = href.includes('?') ? href.slice(href.lastIndexOf('?') + 1) : '';
  const query = new URLSearchParams(hashQuery);
  if (query.get('e2e') !== '1' && !development) return;
  const theme = query.get('theme');
  if (theme) {
    const variant: ThemeVariant = query.get('variant') === 'channel' ? 'channel' : 'default';
    themeOverride.update(() => ({ name: theme, variant }));
  }
  window.__livev3 = {
    setTheme(name, variant = 'default') {
      themeOverride.update(() => ({ name, variant }));
    },
  };
}
