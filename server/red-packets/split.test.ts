import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { splitRedPacket, type RandomInt } from './split';

/** A deterministic random source driven by fast-check, so a failing case shrinks and replays. */
const seeded = (seed: number): RandomInt => {
  let state = seed >>> 0 || 1;
  return (min, max) => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return min + (state % (max - min + 1));
  };
};

const packet = fc
  .integer({ min: 1, max: 100 })
  .chain((shares) =>
    fc.tuple(fc.constant(shares), fc.integer({ min: shares * 10, max: 20_000 }), fc.integer()),
  );

describe('splitRedPacket (double average)', () => {
  it('gives every share at least 10 cents (WeChat transfers no less) and sums exactly to the total', () => {
    fc.assert(
      fc.property(packet, ([shares, total, seed]) => {
        const split = splitRedPacket(total, shares, seeded(seed));
        expect(split).toHaveLength(shares);
        expect(split.every((cents) => Number.isInteger(cents) && cents >= 10)).toBe(true);
        expect(split.reduce((sum, cents) => sum + cents, 0)).toBe(total);
      }),
      { numRuns: 2000 },
    );
  });

  it('keeps every share but the last within twice the average of what was left', () => {
    fc.assert(
      fc.property(packet, ([shares, total, seed]) => {
        const split = splitRedPacket(total, shares, seeded(seed));
        let left = total;
        split.slice(0, -1).forEach((cents, index) => {
          expect(cents).toBeLessThanOrEqual(Math.max(1, Math.floor((2 * left) / (shares - index))));
          left -= cents;
        });
      }),
    );
  });

  it('also holds with the extreme random sources (always min, always max)', () => {
    const low: RandomInt = (min) => min;
    const high: RandomInt = (_min, max) => max;
    fc.assert(
      fc.property(packet, ([shares, total]) => {
        for (const random of [low, high]) {
          const split = splitRedPacket(total, shares, random);
          expect(split.reduce((sum, cents) => sum + cents, 0)).toBe(total);
          expect(Math.min(...split)).toBeGreaterThanOrEqual(10);
        }
      }),
    );
  });

  it('uses crypto randomness by default and refuses impossible packets', () => {
    expect(splitRedPacket(100, 3).reduce((a, b) => a + b, 0)).toBe(100);
    expect(splitRedPacket(30, 3)).toEqual([10, 10, 10]);
    expect(() => splitRedPacket(29, 3)).toThrow(RangeError);
    expect(() => splitRedPacket(100, 0)).toThrow(RangeError);
    expect(() => splitRedPacket(1.5, 1)).toThrow(RangeError);
  });
});
