import type { Selectable } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { Sql } from '../db/sql.ts';
import { ApiFailure, ok, XCODE } from '../envelope.ts';
import { findViewer, requestToken, type Viewer } from '../accounts/sessions.ts';
import type { HandlerMap } from '../contract/register.ts';
import type { CachedLookup, TableCaches } from '../db/table-cache.ts';
import type { Services } from '../services.ts';
import { signStreamUrl, type StreamSigner } from '../streams/sign.ts';
import { isMemberAt } from '../accounts/vip-routes.ts';
import { previewsEvent } from '../organisations/roles.ts';
import { audienceFigure } from './audience.ts';
import { subtitleIndex, trackSummary, type SubtitleIndex, type Track } from '../subtitles/tracks.ts';

/** An event as stored. */
type EventRow = Selectable<Database['events']>;

/** Stream names map to the server's HLS routes: live (sliding window over the clock) and VOD. */
export function streamUrls(row: Pick<EventRow, 'live_stream' | 'replay_stream'>) {
  return {
    live_url: row.live_stream ? `/streams/live/${row.live_stream}/master.m3u8` : '',
    replay_url: row.replay_stream ? `/streams/vod/${row.replay_stream}/master.m3u8` : '',
  };
}

/** The event behind a video token (undefined when none), cached: `loadEvent` reads it. */
export type EventLookup = CachedLookup<string, EventRow | undefined>;

/**
 * The event behind a video token (either engine), cached on SQLite until the events table changes (nearly every call
 * reads it). The row is shared with other callers: read it, never change it. One per server (services.events).
 */
export function eventLookup(data: { sql: Sql; caches: TableCaches }): EventLookup {
  const { sql } = data;
  return data.caches.query(['events'], (key: string) =>
    sql.selectFrom('events').selectAll().where('token', '=', key).executeTakeFirst(),
  );
}

export const NO_SUCH_EVENT = { 'zh-CN': '活动不存在', en: 'No such event' } as const;

/** The event behind a video token, or xcode 404 (see eventLookup). */
export async function loadEvent(events: EventLookup, token: string): Promise<EventRow> {
  const row = await events(token);
  if (!row) throw new ApiFailure(XCODE.notFound, NO_SUCH_EVENT);
  return row;
}

/** The pseudo-gate of an organiser previewing the event: every gate passed. */
const PREVIEW = 'organiser';

/**
 * The gates the viewer passed for the event; 'phone' when the viewer has a bound phone, 'vip' while the viewer is
 * a member (neither per event), PREVIEW for an owner or operator of the event's organisation. Anonymous viewers cost
 * no query.
 */
async function gatesPassed(
  sql: Sql,
  eventId: number,
  viewer: Viewer | null,
  now: number,
): Promise<Set<string>> {
  if (!viewer) return new Set();
  const [rows, user, previews] = await Promise.all([
    sql
      .selectFrom('event_access')
      .select('gate')
      .where('event_id', '=', eventId)
      .where('user_id', '=', viewer.userId)
      .execute(),
    sql
      .selectFrom('users as u')
      .leftJoin('vip_memberships as m', 'm.user_id', 'u.id')
      .select(['u.phone', 'm.expires_at as vip_until'])
      .where('u.id', '=', viewer.userId)
      .executeTakeFirst(),
    previewsEvent(sql, viewer.userId, eventId),
  ]);
  const gates = new Set(rows.map((row) => row.gate));
  if (user?.phone) gates.add('phone');
  if (isMemberAt(user?.vip_until, now)) gates.add('vip');
  if (previews) gates.add(PREVIEW);
  return gates;
}

/**
 * Whether the viewer passed every gate of the event (or organises it): streams are handed out only then. An event
 * without gates costs no query (the chat and red-packet grabs ask on every call).
 */
export async function mayViewerWatch(
  sql: Sql,
  event: EventRow,
  viewer: Viewer | null,
  now: number,
): Promise<boolean> {
  if (!event.password && event.price_cents === 0 && !event.needs_info_form && !event.needs_phone) return true;
  return mayWatch(event, await gatesPassed(sql, event.id, viewer, now));
}

/**
 * Members watch paid events without paying; the password, information form and phone gates still apply to them. The
 * event's organisers (PREVIEW_ROLES of its organisation) pass every gate.
 */
function mayWatch(event: EventRow, gates: ReadonlySet<string>): boolean {
  return (
    gates.has(PREVIEW) ||
    ((!event.password || gates.has('password')) &&
      (event.price_cents === 0 || gates.has('paid') || gates.has('vip')) &&
      (!event.needs_info_form || gates.has('info_form')) &&
      (!event.needs_phone || gates.has('phone')))
  );
}

/** Nothing passed: an anonymous viewer. */
const NO_GATES: ReadonlySet<string> = new Set();

/** The detail of an event as `viewer` (who passed `gates`) sees it. */
function detailOf(
  signer: StreamSigner,
  event: EventRow,
  viewer: Viewer | null,
  gates: ReadonlySet<string>,
  episodeCount: number,
  tracks: ReturnType<typeof trackSummary>,
  views: number,
) {
  const isOwner = viewer !== null && gates.has(PREVIEW);
  const canWatch = mayWatch(event, gates);
  // Streams are only handed out to viewers who may watch.
  const unsigned = canWatch ? streamUrls(event) : { live_url: '', replay_url: '' };
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
    // The audience figure: the viewers in its room now, or its plays once it ended (server/events/audience.ts).
    views,
    // Signed, expiring URLs (server/streams/sign.ts): the stream routes refuse unsigned requests.
    live_url: signStreamUrl(signer, unsigned.live_url),
    replay_url: signStreamUrl(signer, unsigned.replay_url),
    // Whether the stream it plays has subtitle tracks or CEA-608 captions (the player loads its full build for them).
    has_subtitles: tracks.has_subtitles,
    has_captions: tracks.has_captions,
    needs_password: Boolean(event.password) && !gates.has('password') && !isOwner,
    price: event.price_cents,
    vip_free: event.price_cents > 0 && gates.has('vip'),
    needs_info_form: Boolean(event.needs_info_form) && !gates.has('info_form') && !isOwner,
    needs_phone: Boolean(event.needs_phone) && !gates.has('phone') && !isOwner,
    can_watch: canWatch,
    episode_count: episodeCount,
  });
}

type PlayedStream = { name: string; kind: 'live' | 'vod' };

/**
 * The streams the detail's player may start with: live while the event is live, else its episodes' recordings and
 * its replay (an episode the viewer picks plays with the build the detail asked for).
 */
function playedStreams(event: EventRow, episodeStreams: readonly string[]): PlayedStream[] {
  if (event.live_status === 1 && event.live_stream) return [{ name: event.live_stream, kind: 'live' }];
  const played: PlayedStream[] = episodeStreams.map((name) => ({ name, kind: 'vod' }));
  if (event.replay_stream) played.push({ name: event.replay_stream, kind: 'vod' });
  if (!played.length && event.live_stream) played.push({ name: event.live_stream, kind: 'live' });
  return played;
}

/** What the detail says of the played streams' subtitle and caption tracks; undefined when they must be read. */
function peekTracks(index: SubtitleIndex, event: EventRow, episodeStreams: readonly string[] | undefined) {
  if (!episodeStreams) return undefined;
  const tracks: Track[] = [];
  for (const stream of playedStreams(event, episodeStreams)) {
    const found = index.peek(stream.name, stream.kind);
    if (!found) return undefined;
    tracks.push(...found);
  }
  return trackSummary(tracks);
}

async function readTracks(index: SubtitleIndex, event: EventRow, episodeStreams: readonly string[]) {
  const streams = playedStreams(event, episodeStreams);
  const tracks = await Promise.all(streams.map((stream) => index.tracks(stream.name, stream.kind)));
  return trackSummary(tracks.flat());
}

export function videoHandlers(
  services: Pick<Services, 'sql' | 'now' | 'events' | 'caches' | 'streams' | 'settings' | 'realtime'>,
): HandlerMap {
  const { sql, now, events, streams, realtime } = services;
  const subtitles = subtitleIndex(services);
  const episodeCount = services.caches.query(['episodes'], async (eventId: number) => {
    const row = await sql
      .selectFrom('episodes')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('event_id', '=', eventId)
      .executeTakeFirst();
    return Number(row?.count ?? 0);
  });
  // The recordings of the event's episodes (distinct), whose subtitles and captions the detail reports.
  const episodeStreams = services.caches.query(['episodes'], async (eventId: number) => {
    const rows = await sql
      .selectFrom('episodes')
      .select('stream')
      .distinct()
      .where('event_id', '=', eventId)
      .execute();
    return rows.map((row) => row.stream);
  });
  return {
    videoDetail(request) {
      const { token } = request.query;
      // The busiest call of a live event: an anonymous viewer of an event in the cache is answered at once, with no
      // promise to wait on (under load, what the call costs is mostly that machinery).
      if (!requestToken(request)) {
        const event = events.peek(token);
        const episodes = event && episodeCount.peek(event.id);
        const tracks = event && peekTracks(subtitles, event, episodeStreams.peek(event.id));
        const views = event && audienceFigure(realtime, event);
        if (event && episodes !== undefined && tracks && typeof views === 'number')
          return detailOf(streams, event, null, NO_GATES, episodes, tracks, views);
      }
      return (async () => {
        const event = await loadEvent(events, token);
        const viewer = await findViewer(sql, request, now());
        const gates = await gatesPassed(sql, event.id, viewer, now());
        const [tracks, episodes, views] = await Promise.all([
          episodeStreams(event.id).then((streams) => readTracks(subtitles, event, streams)),
          episodeCount(event.id),
          audienceFigure(realtime, event),
        ]);
        return detailOf(streams, event, viewer, gates, episodes, tracks, views);
      })();
    },
  };
}
