import type { ThemeVariant } from '../engine/config';
import { themeOverride } from './theme-root';

declare global {
  interface Window {
    __livev3?: { setTheme(name: string, variant?: ThemeVariant): void };
    /** Set by the browser suites before the page's own scripts run (Playwright's init script); a link cannot set it. */
    __livev3Suite?: boolean;
  }
}

/**
 * Screenshot suites and the studio force a theme: `theme=<name>&variant=<default|channel>` in the hash query, or
 * window.__livev3.setTheme. Both exist only in development or under a browser suite (`window.__livev3Suite`, set by
 * its init script before the app runs), so a production link, whatever its query, keeps the event's own theme.
 */
export function installE2eHooks(
  href: string,
  development = import.meta.env.DEV,
  suite = window.__livev3Suite === true,
): void {
  if (!suite && !development) return;
  const hashQuery = href.includes('?') ? href.slice(href.lastIndexOf('?') + 1) : '';
  const query = new URLSearchParams(hashQuery);
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
