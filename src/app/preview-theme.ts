/**
 * The organiser console's phone preview frames the viewer app's room with `preview_theme=<name>` (and
 * `preview_variant=<default|channel>`) in the hash query, and changes them as the organiser picks a theme. The app
 * honours them only inside a frame (the server lets only this origin frame it: frame-ancestors 'self'), only as a
 * theme override (nothing else is read), and only for a known theme; the override is never remembered for the event.
 */
import type { ThemeVariant } from '../engine/config';
import { themeNames } from '../themes';
import { themeOverride } from './theme-root';

/** The theme the preview asks for, or null (not framed, no parameter, an unknown theme). */
export function previewThemeOf(
  href: string,
  framed: boolean,
  known: readonly string[] = themeNames,
): { name: string; variant: ThemeVariant } | null {
  if (!framed) return null;
  const hash = href.includes('#') ? href.slice(href.indexOf('#')) : '';
  const query = new URLSearchParams(hash.includes('?') ? hash.slice(hash.indexOf('?') + 1) : '');
  const name = query.get('preview_theme');
  if (!name || !known.includes(name)) return null;
  return { name, variant: query.get('preview_variant') === 'channel' ? 'channel' : 'default' };
}

/** Applies the preview's theme now and whenever the frame's address changes (a new pick changes only the hash). */
export function followPreviewTheme(): void {
  const framed = window.self !== window.top;
  if (!framed) return;
  const apply = () => {
    const asked = previewThemeOf(window.location.href, framed);
    if (asked) themeOverride.update(() => asked);
  };
  apply();
  window.addEventListener('hashchange', apply);
}
