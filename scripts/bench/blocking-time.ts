/** Lighthouse bench (scripts/bench/lighthouse.ts): blocking time and the longest task, read from the load's trace. */
export type TraceEvent = {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
};

/** The first contentful paint, on the page's main thread: its pid and tid name that thread. */
const firstPaint = (events: TraceEvent[]) => events.find((event) => event.name === 'firstContentfulPaint');

/** The main thread's top-level tasks, those from `from` (a trace timestamp, in microseconds) on. */
function mainThreadTasks(events: TraceEvent[], thread: TraceEvent, from: number): TraceEvent[] {
  return events.filter(
    (event) =>
      event.name === 'RunTask' &&
      event.ph === 'X' &&
      event.pid === thread.pid &&
      event.tid === thread.tid &&
      event.ts >= from,
  );
}

/**
 * Total blocking time counted from the page's main-thread CPU time instead of its wall time: every task after the
 * observed first contentful paint, times the CPU slowdown, less 50 ms. On a 2-core host the page's renderer shares
 * the cores with the browser process, the compositor (which also takes Lighthouse's filmstrip), the server and
 * Lighthouse itself: a main-thread task's wall time is 2-3 times its CPU time, and Lighthouse multiplies the wall
 * time. A diagnostic, not a goal: it shows how much of TBT is the app's own work and how much is waiting for a core.
 */
export function cpuBlockingTime(events: TraceEvent[], slowdown: number): number {
  const fcp = firstPaint(events);
  if (!fcp) return NaN;
  let blocking = 0;
  for (const event of mainThreadTasks(events, fcp, fcp.ts)) {
    if (event.tdur === undefined) continue;
    blocking += Math.max(0, (event.tdur / 1000) * slowdown - 50);
  }
  return Math.round(blocking);
}

/**
 * The longest task on the page's main thread during the load (from the navigation's start to the trace's end, which
 * Lighthouse takes once the network and the main thread are quiet), times the CPU slowdown, in ms: by its wall time,
 * as Lighthouse's simulation counts it, and by its CPU time (see cpuBlockingTime for why both).
 */
export function longestTask(events: TraceEvent[], slowdown: number): { wall: number; cpu: number } {
  const fcp = firstPaint(events);
  if (!fcp) return { wall: NaN, cpu: NaN };
  // The last navigation of the page's main thread before its first paint: the audited address, not about:blank.
  const start = events
    .filter(
      (event) =>
        event.name === 'navigationStart' &&
        event.pid === fcp.pid &&
        event.tid === fcp.tid &&
        event.ts <= fcp.ts,
    )
    .reduce((latest, event) => Math.max(latest, event.ts), -Infinity);
  let wall = 0;
  let cpu = 0;
  for (const event of mainThreadTasks(events, fcp, start)) {
    wall = Math.max(wall, event.dur ?? 0);
    cpu = Math.max(cpu, event.tdur ?? 0);
  }
  return { wall: Math.round((wall / 1000) * slowdown), cpu: Math.round((cpu / 1000) * slowdown) };
}
