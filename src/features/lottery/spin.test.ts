import { describe, expect, it } from 'vitest';
import { ringPrizes, ringSteps, RING, slotOf, wheelRotation } from './spin';

describe('wheel', () => {
  it('ends with the chosen slot under the top pointer after full turns', () => {
    for (const [current, index, count] of [
      [0, 0, 8],
      [0, 3, 8],
      [1234, 7, 8],
      [90, 2, 5],
    ]) {
      const next = wheelRotation(current, index, count);
      expect(next - current).toBeGreaterThanOrEqual(5 * 360);
      // The slot's centre, turned by `next`, points straight up (0 degrees).
      const centre = (index + 0.5) * (360 / count);
      expect((((centre + next) % 360) + 360) % 360).toBeCloseTo(0, 6);
    }
  });
  it('finds the slot of the outcome, thanks included', () => {
    const prizes = [
      { id: 3, kind: 'prize' },
      { id: 0, kind: 'thanks' },
    ];
    expect(slotOf(prizes, { id: 0, kind: 'thanks' })).toBe(1);
    expect(slotOf(prizes, { id: 3, kind: 'prize' })).toBe(0);
  });
});

describe('nine-box', () => {
  it('repeats prizes round the ring and stops on a cell of the outcome, slowing down', () => {
    expect(ringPrizes(['a', 'b', 'c'])).toEqual(['a', 'b', 'c', 'a', 'b', 'c', 'a', 'b']);
    const steps = ringSteps(0, 2, 3);
    expect(steps.at(-1)?.position).toBe(2);
    expect(steps.length).toBeGreaterThanOrEqual(2 * RING.length);
    expect(steps.at(-1)?.delayMs).toBeGreaterThan(steps[0].delayMs);
  });
});
