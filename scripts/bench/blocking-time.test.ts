import { describe, expect, it } from 'vitest';
import { cpuBlockingTime, type TraceEvent } from './blocking-time';

const task = (ts: number, wallMs: number, cpuMs: number, thread = 1): TraceEvent => ({
  name: 'RunTask',
  ph: 'X',
  pid: thread,
  tid: thread,
  ts,
  dur: wallMs * 1000,
  tdur: cpuMs * 1000,
});
const fcp: TraceEvent = { name: 'firstContentfulPaint', ph: 'R', pid: 1, tid: 1, ts: 1000 };

describe('cpuBlockingTime', () => {
  it("counts the page's main-thread tasks after the first contentful paint by their CPU time, times the slowdown, less 50 ms", () => {
    const events = [
      task(500, 80, 80), // before the paint
      fcp,
      task(2000, 60, 20), // 4 x 20 - 50 = 30
      task(3000, 40, 10), // 4 x 10 < 50
      task(4000, 90, 30, 2), // another thread
      task(5000, 100, 25), // 4 x 25 - 50 = 50
    ];
    expect(cpuBlockingTime(events, 4)).toBe(80);
    expect(cpuBlockingTime(events, 2)).toBe(0);
  });

  it('is not a number without a first contentful paint', () => {
    expect(cpuBlockingTime([task(0, 100, 100)], 4)).toBeNaN();
  });
});
