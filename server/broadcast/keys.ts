/**
 * Each event's secret stream key: what an encoder (OBS, ffmpeg) puts after the ingest's URL. 128 random bits,
 * generated when first asked for, stored per event (the organiser's console shows it again) and rotated on demand
 * (the old key stops working at once; a publisher already sending is not cut).
 */
import crypto from 'node:crypto';
import type { Sql } from '../db/sql.ts';

/** A new key: `live_` and 22 URL-safe characters (what RTMP stream names may carry). */
export function newStreamKey(): string {
  return `live_${crypto.randomBytes(16).toString('base64url')}`;
}

/** What a stream key looks like; anything else is refused before the database is asked. */
export const STREAM_KEY = /^live_[A-Za-z0-9_-]{22}$/;

/** The event's stream key, made on first use. */
export async function streamKeyOf(sql: Sql, eventId: number, now: number): Promise<string> {
  const row = await sql
    .selectFrom('stream_keys')
    .select('stream_key')
    .where('event_id', '=', eventId)
    .executeTakeFirst();
  if (row) return row.stream_key;
  await sql
    .insertInto('stream_keys')
    .values({ event_id: eventId, stream_key: newStreamKey(), created_at: now })
    .onConflict((oc) => oc.column('event_id').doNothing())
    .execute();
  const made = await sql
    .selectFrom('stream_keys')
    .select('stream_key')
    .where('event_id', '=', eventId)
    .executeTakeFirstOrThrow();
  return made.stream_key;
}

/** A new key for the event (the organiser's console calls this); the old one is refused from now on. */
export async function rotateStreamKey(sql: Sql, eventId: number, now: number): Promise<string> {
  const key = newStreamKey();
  await sql
    .insertInto('stream_keys')
    .values({ event_id: eventId, stream_key: key, created_at: now })
    .onConflict((oc) => oc.column('event_id').doUpdateSet({ stream_key: key, created_at: now }))
    .execute();
  return key;
}

/** The event a key publishes to, or undefined for a wrong key. */
export async function eventOfStreamKey(
  sql: Sql,
  key: string,
): Promise<{ id: number; token: string } | undefined> {
  if (!STREAM_KEY.test(key)) return undefined;
  const row = await sql
    .selectFrom('stream_keys as k')
    .innerJoin('events as e', 'e.id', 'k.event_id')
    .select(['e.id', 'e.token'])
    .where('k.stream_key', '=', key)
    .executeTakeFirst();
  return row;
}
