import { describe, expect, it } from 'vitest';
import { cpuBlockingTime, longestTask, type TraceEvent } from './blocking-time';

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
const navigationStart = (ts: number, thread = 1): TraceEvent => ({
  name: 'navigationStart',
  ph: 'R',
  pid: thread,
  tid: thread,
  ts,
});

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

describe('longestTask', () => {
  it("finds the page's longest main-thread task from the audited navigation's start on, by wall and by CPU time, times the slowdown", () => {
    const events = [
      navigationStart(0), // about:blank
      task(10, 90, 90), // about:blank's
      navigationStart(100),
      task(200, 30, 12), // before the paint: counts
      fcp,
      task(2000, 25, 20),
      task(3000, 100, 100, 2), // another thread
    ];
    expect(longestTask(events, 4)).toEqual({ wall: 120, cpu: 80 });
  });

  it('is not a number without a first contentful paint', () => {
    expect(longestTask([task(0, 100, 100)], 4)).toEqual({ wall: NaN, cpu: NaN });
  });
});
