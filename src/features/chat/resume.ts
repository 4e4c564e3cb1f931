/**
 * Where a room fills its gap from after a reconnect that the server could not recover.
 *
 * With several server nodes, lines do not arrive in id order: each node batches the lines it publishes, so a line
 * saved on node B (id 153) can still be on its way when a line saved on node A (id 154) has arrived. Had the fill
 * started after the newest line held (154), a drop in that moment would lose 153 for good. So the fill starts after
 * the newest line that had arrived RESUME_OVERLAP_MS before the drop, far longer than a line spends in flight; the
 * few lines fetched twice are merged away by id.
 */
import { now as readClock } from '../../lib/clock';

export const RESUME_OVERLAP_MS = 3_000;

type Arrival = { at: number; oldest: number; newest: number };

export type ResumePoint = {
  /** Lines arrived (live, from history or as the viewer's own): their ids. */
  arrived(ids: readonly number[]): void;
  /** The id to fill after, asked when the connection drops; 0 when nothing has arrived. */
  after(): number;
};

export function createResumePoint(now: () => number = readClock): ResumePoint {
  /** The newest id among lines that arrived at least RESUME_OVERLAP_MS ago. */
  let settled = 0;
  let recent: Arrival[] = [];
  const settle = () => {
    const cutoff = now() - RESUME_OVERLAP_MS;
    for (const arrival of recent) if (arrival.at <= cutoff) settled = Math.max(settled, arrival.newest);
    recent = recent.filter((arrival) => arrival.at > cutoff);
  };
  return {
    arrived(ids) {
      if (!ids.length) return;
      settle();
      recent.push({ at: now(), oldest: Math.min(...ids), newest: Math.max(...ids) });
    },
    after() {
      settle();
      if (settled || !recent.length) return settled;
      // Everything held arrived within the overlap (the room has just opened): fill from before the oldest of it.
      return Math.max(0, Math.min(...recent.map((arrival) => arrival.oldest)) - 1);
    },
  };
}
