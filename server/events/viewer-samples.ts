/**
 * Viewers over time: each event's audience (server/events/audience.ts, distinct viewers over every node) sampled once
 * a minute into `event_viewer_samples`, for the console's figures (server/console/figures.ts).
 *
 * Each node samples the rooms it holds viewers of, at most once per minute of the server's clock (`minuteOf`), with
 * the room's count over every node. Several nodes holding one room each write its minute; the table's key (event,
 * minute) keeps the first row and the other writes change nothing, so no minute is counted twice. A minute in which no
 * node held anyone has no row: nobody was watching.
 */
import type { Sql } from '../db/sql.ts';

/** How often a node looks whether a new minute began (a minute is written once, at its first look). */
export const SAMPLE_CHECK_MS = 10_000;

/** The start of the minute `now` (unix milliseconds) falls in, as unix seconds. */
export const minuteOf = (now: number) => Math.floor(now / 60_000) * 60;

export type ViewerSample = { eventId: number; viewers: number };

/** Writes one minute's samples; an event's minute written already (by this node or another) is left as it is. */
export async function recordViewerSamples(
  sql: Sql,
  minute: number,
  samples: readonly ViewerSample[],
): Promise<void> {
  if (!samples.length) return;
  await sql
    .insertInto('event_viewer_samples')
    .values(samples.map(({ eventId, viewers }) => ({ event_id: eventId, minute, viewers })))
    .onConflict((conflict) => conflict.columns(['event_id', 'minute']).doNothing())
    .execute();
}

/**
 * One node's sampler: `tick()` writes the current minute's samples of the rooms the node holds, once per minute.
 * `rooms` are the event tokens of those rooms, `viewers` a room's count over every node, `eventId` an event's id by its
 * token (undefined: no such event any more).
 */
export function viewerSampler(options: {
  sql: Sql;
  now: () => number;
  rooms: () => readonly string[];
  viewers: (eventToken: string) => number | Promise<number>;
  eventId: (eventToken: string) => Promise<number | undefined>;
}): { tick(): Promise<void> } {
  let written = -1;
  return {
    async tick() {
      const minute = minuteOf(options.now());
      if (minute === written) return;
      const samples = await Promise.all(
        options.rooms().map(async (token) => {
          const [eventId, viewers] = await Promise.all([options.eventId(token), options.viewers(token)]);
          return eventId === undefined || viewers <= 0 ? [] : [{ eventId, viewers }];
        }),
      );
      await recordViewerSamples(options.sql, minute, samples.flat());
      // A failed write is tried again at the next look within the minute.
      written = minute;
    },
  };
}
