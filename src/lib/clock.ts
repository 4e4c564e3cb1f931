/**
 * The app's one clock: every code path reads the time here (the `livev3/no-real-clock` lint rule refuses `Date.now`
 * and `new Date()` elsewhere in src/). Tests fix it with fake timers (Vitest's `vi.useFakeTimers`, Playwright's
 * `page.clock`), which replace Date underneath, so a fixed clock holds on every path at once.
 */

/** Milliseconds since the Unix epoch. */
export const now = (): number => Date.now();
