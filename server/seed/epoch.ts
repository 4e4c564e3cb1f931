/**
 * The demo's fixed time and randomness: seeded timestamps are absolute, never the clock, and "random" demo data comes
 * from a seeded generator, so every machine gets the same rows on every day.
 */

/** Fixed reference time for seeded timestamps: 2026-01-01T00:00:00Z, in unix seconds. */
export const SEED_EPOCH = 1767225600;
/**
 * How long the demo's contests, activities and offers stay open after SEED_EPOCH: twenty years, so the demo (and the
 * suites that use it) work whatever the real date, next month and next year (server/seed/open-later.test.ts).
 */
export const DEMO_OPEN_S = 20 * 365 * 86400;

/** A seeded PRNG (mulberry32): the same demo data on every machine. */
export function prng(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
