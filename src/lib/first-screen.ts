/**
 * The hand-over from the start-up's first screen (src/boot/start.ts) to the page: while the prerendered screen shows,
 * the app renders underneath, hidden; once the page's own first screen is rendered, it takes the place of the
 * prerendered one before the browser paints again (a layout effect), so nothing blinks or moves.
 */
import { useLayoutEffect } from 'react';
import { SHELL_ID, SHELLED_CLASS } from './early';

/** Removes the prerendered first screen (once; nothing to do where there was none). */
export function endFirstScreen(): void {
  if (typeof document === 'undefined') return;
  document.getElementById(SHELL_ID)?.replaceChildren();
  document.documentElement.classList.remove(SHELLED_CLASS);
}

/** The component's screen is the page's first: it replaces the prerendered one as it is committed. */
export function useFirstScreenShown(shown = true): void {
  useLayoutEffect(() => {
    if (shown) endFirstScreen();
  }, [shown]);
}
