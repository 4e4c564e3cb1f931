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

/** Components still waiting for what their first screen shows (the page's main data), and whether the page is in. */
let holds = 0;
let pageIn = false;

function handOver() {
  if (pageIn && holds === 0) endFirstScreen();
}

/** The component's screen is the page's first: it replaces the prerendered one as it is committed (unless held). */
export function useFirstScreenShown(shown = true): void {
  useLayoutEffect(() => {
    if (!shown) return;
    pageIn = true;
    handOver();
  }, [shown]);
}

/**
 * While `holding`, the prerendered first screen stays: a block whose first screen shows its data (the contest's
 * cover and title, which the start-up fills in from its early answer) holds it until the data is in, so the cover
 * the viewer already sees does not vanish for a frame.
 */
export function useFirstScreenHold(holding: boolean): void {
  useLayoutEffect(() => {
    if (!holding) return;
    holds++;
    return () => {
      holds--;
      handOver();
    };
  }, [holding]);
}
