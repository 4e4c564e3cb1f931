import type { Db } from '../db/database.ts';
import { ApiFailure, ok, XCODE } from '../envelope.ts';
import { optionalViewer, type Viewer } from '../auth/sessions.ts';
import type { HandlerMap } from '../contract/register.ts';
import { cachedByTables } from '../db/table-cache.ts';

type EventRow = {
  id: number;
  token: string;
  owner_id: number;
  color_code: string;
  title: string;
  cover: string;
  description: string;
  announcement: string;
  live_status: 0 | 1 | 2;
  start_time: number;
  views: number;
  live_stream: string;
  replay_stream: string;
  password: string;
  price_cents: number;
  needs_info_form: number;
  needs_phone: number;
};

/** Stream names map to the server's HLS routes: live (sliding window over the clock) and VOD. */
export function streamUrls(row: Pick<EventRow, 'live_stream' | 'replay_stream'>) {
  return {
    live_url: row.live_stream ? `/streams/live/${row.live_stream}/master.m3u8` : '',
    replay_url: row.replay_stream ? `/streams/vod/${row.replay_stream}/master.m3u8` : '',
  };
}

// Cached until the events table changes (server/db/table-cache.ts): nearly every call reads it.
const eventByToken = new WeakMap<Db, (token: string) => EventRow | undefined>();

/** The event behind a video token. The row is shared with other callers: read it, never change it. */
export function findEvent(db: Db, token: string): EventRow {
  let lookup = eventByToken.get(db);
  if (!lookup) {
    const statement = db.prepare<[string], EventRow>('SELECT * FROM events WHERE token = ?');
    eventByToken.set(db, (lookup = cachedByTables(db, ['events'], (key: string) => statement.get(key))));
  }
  const row = lookup(token);
  if (!row) throw new ApiFailure(XCODE.notFound, 'No such event');
  return row;
}

type GatesStatement = ReturnType<typeof gatesQuery>;
const gatesQuery = (db: Db) =>
  db.prepare<[number, number], { gate: string }>(
    'SELECT gate FROM event_access WHERE event_id = ? AND user_id = ?',
  );
const gatesStatement = new WeakMap<Db, GatesStatement>();
const phoneQuery = (db: Db) =>
  db.prepare<[number], { bound: number }>(
    "SELECT phone IS NOT NULL AND phone != '' AS bound FROM users WHERE id = ?",
  );
const phoneStatement = new WeakMap<Db, ReturnType<typeof phoneQuery>>();

/** The gates the viewer passed for the event; 'phone' when the viewer has a bound phone (not per event). */
function passedGates(db: Db, eventId: number, viewer: Viewer | null): Set<string> {
  if (!viewer) return new Set();
  let statement = gatesStatement.get(db);
  if (!statement) gatesStatement.set(db, (statement = gatesQuery(db)));
  const gates = new Set(statement.all(eventId, viewer.userId).map((row) => row.gate));
  let phone = phoneStatement.get(db);
  if (!phone) phoneStatement.set(db, (phone = phoneQuery(db)));
  if (phone.get(viewer.userId)?.bound) gates.add('phone');
  return gates;
}

function mayWatch(event: EventRow, viewer: Viewer | null, gates: Set<string>): boolean {
  return (
    viewer?.userId === event.owner_id ||
    ((!event.password || gates.has('password')) &&
      (event.price_cents === 0 || gates.has('paid')) &&
      (!event.needs_info_form || gates.has('info_form')) &&
      (!event.needs_phone || gates.has('phone')))
  );
}

/** Whether the viewer passed every gate of the event (or organises it): streams are handed out only then. */
export function viewerMayWatch(db: Db, event: EventRow, viewer: Viewer | null): boolean {
  return mayWatch(event, viewer, passedGates(db, event.id, viewer));
}

export function videoHandlers(db: Db): HandlerMap {
  const countEpisodes = db.prepare<[number], { count: number }>(
    'SELECT COUNT(*) AS count FROM episodes WHERE event_id = ?',
  );
  const episodeCount = cachedByTables(db, ['episodes'], (eventId: number) => countEpisodes.get(eventId));
  return {
    videoDetail(request) {
      const { token } = request.query as { token: string };
      const event = findEvent(db, token);
      const viewer = optionalViewer(db, request);
      const gates = passedGates(db, event.id, viewer);
      const isOwner = viewer?.userId === event.owner_id;
      const canWatch = mayWatch(event, viewer, gates);
      // Streams are only handed out to viewers who may watch.
      const streams = canWatch ? streamUrls(event) : { live_url: '', replay_url: '' };
      return ok({
        token: event.token,
        user_id: event.owner_id,
        color_code: event.color_code,
        title: event.title,
        cover: event.cover,
        description: event.description,
        announcement: event.announcement,
        live_status: event.live_status,
        start_time: event.start_time,
        views: event.views,
        ...streams,
        has_subtitles: false,
        needs_password: Boolean(event.password) && !gates.has('password') && !isOwner,
        price: event.price_cents,
        needs_info_form: Boolean(event.needs_info_form) && !gates.has('info_form') && !isOwner,
        needs_phone: Boolean(event.needs_phone) && !gates.has('phone') && !isOwner,
        can_watch: canWatch,
        episode_count: episodeCount(event.id)?.count ?? 0,
      });
    },
  };
}
