/**
 * The broadcast lifecycle: an event is upcoming, then live while a publisher sends, then ended, then a replay.
 *
 *   publish ──> live (on air once its first segments are listed) ──drop──> reconnecting ──grace──> ended
 *                 ^                                                     │
 *                 └───────────────── publish (same key) ────────────────┘
 *   live ──stop (the encoder said so)──> ended;  live ──failure (disk, bad input)──> interrupted
 *   ended | interrupted ──recording ready──> replay (a VOD episode of the event)
 *
 * It is driven by whatever sees the publisher: the embedded RTMP ingest (ingest.ts) today, a cloud live service's
 * callbacks (stream began, stream ended, recording ready) later; each calls the same functions. The event row carries
 * what the detail answers (`live_status` 1 and the broadcast's `live_stream` while on air, 2 and its `replay_stream`
 * after), so the detail stays one cached read; every change is pushed to the event's room as a live line
 * `{ kind: 'broadcast', state }`, on which the room reloads the detail (and shows 'reconnecting' or 'interrupted').
 */
import type { Sql } from '../db/sql.ts';
import type { BroadcastSource, BroadcastState } from '../db/tables/broadcast.ts';
import type { Services } from '../services.ts';
import { broadcastStream } from './hls.ts';
import { cloudStream } from './tencent-css.ts';

/** What the room is told. */
export type BroadcastLine = { kind: 'broadcast'; state: BroadcastState };

/** A publisher's arrival: a new broadcast, the same one resumed within the grace, or refused (one already sends). */
export type Publish = { ok: true; broadcastId: number; resumed: boolean } | { ok: false; why: 'busy' };

/** How a publisher went: stopped by its encoder, dropped (may come back within the grace), or failed. */
export type Stop = { how: 'stopped' } | { how: 'dropped' } | { how: 'failed'; reason: string };

/**
 * What the lifecycle makes a replay from: the recording's stream name and length, null when nothing was recorded,
 * 'later' when the recording is reported later (a cloud service's recording callback: `recorded`).
 */
export type Recording = { stream: string; durationS: number } | null | 'later';

export type Lifecycle = {
  /** A publisher with the event's key arrived (at this server's ingest, or at the cloud service: `source`). */
  publish(eventId: number, source?: BroadcastSource): Promise<Publish>;
  /** The broadcast's first segments are listed: the room switches to the player. */
  onAir(broadcastId: number): Promise<void>;
  /** The publisher went (see Stop); a drop leaves the grace to the sweep. */
  stopped(broadcastId: number, stop: Stop): Promise<void>;
  /** Ends the broadcasts whose publisher dropped longer than the grace ago (run every second). */
  sweep(): Promise<void>;
  /**
   * At start: broadcasts left live by a stopped server have lost their publisher; they get the reconnect grace (an
   * encoder retries), then end as any dropped one.
   */
  recover(): Promise<void>;
  /** An ended broadcast's recording, reported after its end (the cloud service's recording callback): its replay. */
  recorded(broadcastId: number, recording: { stream: string; durationS: number }): Promise<void>;
  /** The broadcast of the event now, if any (live or reconnecting). */
  current(eventId: number): Promise<{ id: number; state: BroadcastState } | undefined>;
};

type Deps = Pick<Services, 'sql' | 'now'> & {
  /** Where the room is told (services.realtime). */
  realtime: Pick<Services['realtime'], 'publish'>;
  graceMs: number;
  /** The ended broadcast's recording, once it can be played as VOD (ingest: the HLS written, made VOD). */
  recording(broadcastId: number): Promise<Recording>;
  log: { info(message: string): void; warn(message: string): void; error(message: string): void };
};

const ACTIVE: BroadcastState[] = ['live', 'reconnecting'];

/** `直播回放 2026-12-02 09:30` in China Standard Time (no daylight saving: arithmetic, not Intl). */
export function replayTitle(ms: number): string {
  const d = new Date(ms + 8 * 3600_000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `直播回放 ${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`;
}

async function eventTokenOf(sql: Sql, eventId: number): Promise<string> {
  const row = await sql.selectFrom('events').select('token').where('id', '=', eventId).executeTakeFirst();
  return row?.token ?? '';
}

export function createLifecycle(deps: Deps): Lifecycle {
  const { sql, now, realtime, graceMs, log } = deps;

  const tell = async (eventId: number, state: BroadcastState) => {
    const token = await eventTokenOf(sql, eventId);
    if (token) await realtime.publish(token, { kind: 'broadcast', state } satisfies BroadcastLine);
  };

  const rowOf = (broadcastId: number) =>
    sql.selectFrom('broadcasts').selectAll().where('id', '=', broadcastId).executeTakeFirst();

  /** The stream name the room plays a broadcast by: this server's HLS, or the cloud service's (a redirect). */
  const liveStreamOf = (row: { id: number; source: BroadcastSource }) =>
    row.source === 'cloud' ? cloudStream(row.id) : broadcastStream(row.id);

  /** Whether the room was shown this broadcast (it went on air). */
  const wasOnAir = async (eventId: number, broadcastId: number) => {
    const event = await sql
      .selectFrom('events')
      .select('live_stream')
      .where('id', '=', eventId)
      .executeTakeFirst();
    return (
      event?.live_stream === broadcastStream(broadcastId) || event?.live_stream === cloudStream(broadcastId)
    );
  };

  const makeReplay = async (broadcastId: number, eventId: number, endedAt: number, given?: Recording) => {
    let recording: Recording = given ?? null;
    try {
      if (given === undefined) recording = await deps.recording(broadcastId);
    } catch (error) {
      log.error(`broadcast ${broadcastId}: its recording could not be made a replay: ${String(error)}`);
    }
    if (recording === 'later') {
      log.info(`broadcast ${broadcastId}: its replay follows when the recording is reported`);
      return;
    }
    if (!recording || recording.durationS <= 0) {
      log.warn(`broadcast ${broadcastId}: nothing was recorded, no replay`);
      return;
    }
    const last = await sql
      .selectFrom('episodes')
      .select((eb) => eb.fn.max('position').as('position'))
      .where('event_id', '=', eventId)
      .executeTakeFirst();
    const episode = await sql
      .insertInto('episodes')
      .values({
        event_id: eventId,
        position: Number(last?.position ?? 0) + 1,
        title: replayTitle(endedAt),
        stream: recording.stream,
        duration_s: recording.durationS,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await sql
      .updateTable('broadcasts')
      .set({ state: 'replay', episode_id: episode.id })
      .where('id', '=', broadcastId)
      .execute();
    await sql
      .updateTable('events')
      .set({ live_status: 2, replay_stream: recording.stream })
      .where('id', '=', eventId)
      .execute();
    log.info(`broadcast ${broadcastId}: replay ready (${recording.durationS} s, episode ${episode.id})`);
    await tell(eventId, 'replay');
  };

  const end = async (broadcastId: number, reason: string) => {
    const row = await rowOf(broadcastId);
    if (!row || !ACTIVE.includes(row.state)) return;
    const state: BroadcastState = reason ? 'interrupted' : 'ended';
    const endedAt = now();
    const changed = await sql
      .updateTable('broadcasts')
      .set({ state, ended_at: endedAt, reason })
      .where('id', '=', broadcastId)
      .where('state', 'in', ACTIVE)
      .executeTakeFirst();
    if (Number(changed.numUpdatedRows) === 0) return;
    log.info(`broadcast ${broadcastId}: ${state}${reason ? ` (${reason})` : ''}`);
    // A publisher refused before its first segments (a codec, garbage) leaves the event as it was.
    if (!(await wasOnAir(row.event_id, broadcastId))) return;
    await sql
      .updateTable('events')
      .set({ live_status: 2, live_stream: '' })
      .where('id', '=', row.event_id)
      .execute();
    await tell(row.event_id, state);
    await makeReplay(broadcastId, row.event_id, endedAt);
  };

  return {
    async current(eventId) {
      return sql
        .selectFrom('broadcasts')
        .select(['id', 'state'])
        .where('event_id', '=', eventId)
        .where('state', 'in', ACTIVE)
        .orderBy('id', 'desc')
        .executeTakeFirst();
    },

    async publish(eventId, source = 'ingest') {
      const current = await this.current(eventId);
      if (current?.state === 'live') return { ok: false, why: 'busy' };
      if (current) {
        // Back within the grace: the same broadcast goes on (its playlists continue after a discontinuity).
        await sql
          .updateTable('broadcasts')
          .set({ state: 'live', dropped_at: null })
          .where('id', '=', current.id)
          .execute();
        if (await wasOnAir(eventId, current.id)) await tell(eventId, 'live');
        return { ok: true, broadcastId: current.id, resumed: true };
      }
      const row = await sql
        .insertInto('broadcasts')
        .values({
          event_id: eventId,
          state: 'live',
          started_at: now(),
          dropped_at: null,
          ended_at: null,
          episode_id: null,
          source,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return { ok: true, broadcastId: row.id, resumed: false };
    },

    async onAir(broadcastId) {
      const row = await rowOf(broadcastId);
      if (!row || row.state !== 'live') return;
      await sql
        .updateTable('events')
        .set({ live_status: 1, live_stream: liveStreamOf(row) })
        .where('id', '=', row.event_id)
        .execute();
      log.info(`broadcast ${broadcastId}: on air`);
      await tell(row.event_id, 'live');
    },

    async stopped(broadcastId, stop) {
      if (stop.how === 'stopped') return end(broadcastId, '');
      if (stop.how === 'failed') return end(broadcastId, stop.reason);
      const row = await rowOf(broadcastId);
      if (!row || row.state !== 'live') return;
      if (graceMs <= 0 || !(await wasOnAir(row.event_id, broadcastId))) return end(broadcastId, '');
      await sql
        .updateTable('broadcasts')
        .set({ state: 'reconnecting', dropped_at: now() })
        .where('id', '=', broadcastId)
        .execute();
      log.warn(
        `broadcast ${broadcastId}: the publisher dropped; waiting ${graceMs / 1000} s for it to reconnect`,
      );
      await tell(row.event_id, 'reconnecting');
    },

    async recorded(broadcastId, recording) {
      const row = await rowOf(broadcastId);
      if (!row || row.episode_id !== null || !['ended', 'interrupted'].includes(row.state)) return;
      await makeReplay(broadcastId, row.event_id, row.ended_at ?? now(), recording);
    },

    async recover() {
      const left = await sql
        .selectFrom('broadcasts')
        .select(['id', 'event_id'])
        .where('state', '=', 'live')
        .execute();
      for (const row of left) {
        log.warn(`broadcast ${row.id}: was live when the server stopped; waiting for its publisher`);
        await sql
          .updateTable('broadcasts')
          .set({ state: 'reconnecting', dropped_at: now() })
          .where('id', '=', row.id)
          .execute();
      }
    },

    async sweep() {
      const due = await sql
        .selectFrom('broadcasts')
        .select('id')
        .where('state', '=', 'reconnecting')
        .where('dropped_at', '<=', now() - graceMs)
        .execute();
      for (const { id } of due) await end(id, '');
    },
  };
}
