/**
 * Time in the live room, for lotteries that ask for N minutes of watching. A logged-in viewer's socket in an event's
 * room counts as watching from its join to its disconnect; each node keeps the open stretches of its own sockets
 * (several sockets of one viewer in one room count once) and adds them to `live_watch` when one ends and every
 * LIVE_WATCH_FLUSH_MS while it lasts, so a viewer who has watched long enough may draw within that time, on any node.
 */
import type { Sql } from '../db/sql.ts';

export const LIVE_WATCH_FLUSH_MS = 30_000;

export type WatchCredit = { userId: number; eventToken: string; seconds: number };

/** Adds stretches of watching to viewers' totals (one upsert for all: exact under concurrent credits, one round trip). */
export async function creditLiveWatch(sql: Sql, credits: WatchCredit[], now: number): Promise<void> {
  const rows = credits.filter((credit) => credit.seconds > 0);
  if (!rows.length) return;
  const updatedAt = Math.floor(now / 1000);
  await sql
    .insertInto('live_watch')
    .values(
      rows.map(({ userId, eventToken, seconds }) => ({
        user_id: userId,
        event_token: eventToken,
        seconds,
        updated_at: updatedAt,
      })),
    )
    .onConflict((conflict) =>
      conflict.columns(['user_id', 'event_token']).doUpdateSet((eb) => ({
        seconds: eb('live_watch.seconds', '+', eb.ref('excluded.seconds')),
        updated_at: eb.ref('excluded.updated_at'),
      })),
    )
    .execute();
}

/** A viewer's seconds in an event's live room, as credited so far. */
export async function liveWatchSeconds(sql: Sql, userId: number, eventToken: string): Promise<number> {
  const row = await sql
    .selectFrom('live_watch')
    .select('seconds')
    .where('user_id', '=', userId)
    .where('event_token', '=', eventToken)
    .executeTakeFirst();
  return Number(row?.seconds ?? 0);
}

type Stretch = { userId: number; eventToken: string; sockets: number; since: number };

/** One node's open stretches of watching. */
export class LiveWatchTracker {
  private readonly open = new Map<string, Stretch>();

  constructor(
    private readonly credit: (credits: WatchCredit[]) => Promise<void>,
    private readonly now: () => number,
  ) {}

  enter(userId: number, eventToken: string): void {
    const key = `${userId}:${eventToken}`;
    const stretch = this.open.get(key);
    if (stretch) stretch.sockets += 1;
    else this.open.set(key, { userId, eventToken, sockets: 1, since: this.now() });
  }

  leave(userId: number, eventToken: string): Promise<void> {
    const key = `${userId}:${eventToken}`;
    const stretch = this.open.get(key);
    if (!stretch) return Promise.resolve();
    stretch.sockets -= 1;
    if (stretch.sockets > 0) return Promise.resolve();
    this.open.delete(key);
    return this.credit([this.take(stretch)]);
  }

  /** Credits every open stretch up to now, in one batch (whole seconds; the rest stays open). */
  flush(): Promise<void> {
    const credits = [...this.open.values()].map((stretch) => this.take(stretch)).filter((c) => c.seconds > 0);
    return credits.length ? this.credit(credits) : Promise.resolve();
  }

  private take(stretch: Stretch): WatchCredit {
    const seconds = Math.max(0, Math.floor((this.now() - stretch.since) / 1000));
    stretch.since += seconds * 1000;
    return { userId: stretch.userId, eventToken: stretch.eventToken, seconds };
  }
}
