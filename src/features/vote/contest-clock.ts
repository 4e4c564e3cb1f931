/** Where a contest stands at a moment: before its start, running, or over; with the time left to the next edge. */
export type ContestPhase = 'upcoming' | 'running' | 'ended';

/** `startsAt`/`endsAt` are Unix seconds (the server's timestamps); `nowMs` is milliseconds (Date.now()). */
export function contestPhase(
  nowMs: number,
  startsAt: number,
  endsAt: number,
): { phase: ContestPhase; remainingMs: number } {
  if (nowMs < startsAt * 1000) return { phase: 'upcoming', remainingMs: startsAt * 1000 - nowMs };
  if (nowMs < endsAt * 1000) return { phase: 'running', remainingMs: endsAt * 1000 - nowMs };
  return { phase: 'ended', remainingMs: 0 };
}
