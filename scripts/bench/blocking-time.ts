/** Lighthouse bench (scripts/bench/lighthouse.ts): total blocking time counted from CPU time. */
export type TraceEvent = {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
};

/**
 * Total blocking time counted from the page's main-thread CPU time instead of its wall time: every task after the
 * observed first contentful paint, times the CPU slowdown, less 50 ms. On a 2-core host the page's renderer shares
 * the cores with the browser process, the compositor (which also takes Lighthouse's filmstrip), the server and
 * Lighthouse itself: a main-thread task's wall time is 2-3 times its CPU time, and Lighthouse multiplies the wall
 * time. A diagnostic, not a goal: it shows how much of TBT is the app's own work and how much is waiting for a core.
 */
export function cpuBlockingTime(events: TraceEvent[], slowdown: number): number {
  const fcp = events.find((event) => event.name === 'firstContentfulPaint');
  if (!fcp) return NaN;
  let blocking = 0;
  for (const event of events) {
    if (event.name !== 'RunTask' || event.ph !== 'X' || event.pid !== fcp.pid || event.tid !== fcp.tid)
      continue;
    if (event.ts < fcp.ts || event.tdur === undefined) continue;
    blocking += Math.max(0, (event.tdur / 1000) * slowdown - 50);
  }
  return Math.round(blocking);
}
