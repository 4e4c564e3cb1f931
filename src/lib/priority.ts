/**
 * What a page needs first can hold back what can wait. On a slow network every request shares the same bandwidth:
 * while the live room's player library downloads, the code of the blocks below the player (the chat, the shop, the
 * lists) would take most of it and put the first video frame off by a second. The app holds them back until the
 * player's code has arrived, or MAX_HOLD_MS at most, so a stalled download never hides the page.
 */
const MAX_HOLD_MS = 4000;

let held: Promise<void> = Promise.resolve();

/** Holds back `afterPriority` callers until `first` settles (fulfilled or not) or `maxMs` have passed. */
export function holdBackUntil(first: Promise<unknown>, maxMs = MAX_HOLD_MS): void {
  const previous = held;
  held = Promise.race([
    Promise.all([previous, first]).then(
      () => undefined,
      () => undefined,
    ),
    new Promise<void>((resolve) => setTimeout(resolve, maxMs)),
  ]);
}

/** Resolves once what the page needs first has arrived (at once when nothing is held). */
export function afterPriority(): Promise<void> {
  return held;
}
