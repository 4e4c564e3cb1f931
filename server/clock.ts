/**
 * The server's one clock. Every path takes the time from the `now` it was built with (`buildServer({ now })`,
 * default `systemClock`), so a test that fixes the clock fixes it everywhere, whatever the real date. Nothing else in
 * server/ reads the real clock: the `livev3/no-real-clock` lint rule (eslint.config.js) refuses `Date.now` and
 * `new Date()` outside this file.
 */

/** Milliseconds since the Unix epoch. */
export type Clock = () => number;

/** The real time: what a running server uses. */
export const systemClock: Clock = () => Date.now();
