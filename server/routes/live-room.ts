/**
 * Live-room content around the player: image-text introduction, related and more/new videos, vote totals, episodes
 * with watch progress, and invitations. Spread into videoHandlers (the video domain's handler map).
 */
import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/database.ts';
import { ApiFailure, ok, XCODE } from '../envelope.ts';
import { optionalViewer, requireViewer } from '../auth/sessions.ts';
import type { HandlerMap } from '../contract/register.ts';
import { findEvent, viewerMayWatch } from './video.ts';

type Paging = { page?: number; limit?: number };
type EpisodeRow = {
  id: number;
  event_id: number;
  position: number;
  title: string;
  stream: string;
  duration_s: number;
};

const CARD_COLUMNS = 'e.token, e.title, e.cover, e.live_status, e.views, e.start_time';

/** Episode streams share the server's VOD route; the episode id keeps each source distinct for the player. */
export function episodeStreamUrl(episode: Pick<EpisodeRow, 'id' | 'stream'>): string {
  return `/streams/vod/${episode.stream}/master.m3u8?episode=${episode.id}`;
}

function paging(query: Paging, defaultLimit: number) {
  const page = query.page ?? 1;
  const limit = query.limit ?? defaultLimit;
  return { page, limit, offset: (page - 1) * limit };
}

/** Every statement the handlers run, prepared once (the tables exist: migrations run before handlers are built). */
function statements(db: Db) {
  const moreNewFrom = `FROM events e WHERE e.id != ? AND e.id IN (
      SELECT v.event_id FROM channel_videos v WHERE v.channel_id IN (
        SELECT channel_id FROM channel_videos WHERE event_id = ?))`;
  return {
    imageText: db.prepare<[number], { html: string }>('SELECT html FROM event_image_text WHERE event_id = ?'),
    related: db.prepare<[number]>(
      `SELECT ${CARD_COLUMNS} FROM event_related r JOIN events e ON e.id = r.related_event_id
       WHERE r.event_id = ? ORDER BY r.position`,
    ),
    moreNewCount: db.prepare<[number, number], { total: number }>(`SELECT COUNT(*) AS total ${moreNewFrom}`),
    moreNew: db.prepare<[number, number, number, number]>(
      `SELECT ${CARD_COLUMNS} ${moreNewFrom} ORDER BY e.start_time DESC, e.id DESC LIMIT ? OFFSET ?`,
    ),
    contests: db.prepare<[number], { id: number; title: string; total_votes: number }>(
      `SELECT c.id, c.title, COALESCE((SELECT SUM(votes) FROM players p WHERE p.contest_id = c.id), 0) AS total_votes
       FROM contests c WHERE c.event_id = ? ORDER BY c.id`,
    ),
    leaders: db.prepare<[number, number]>(
      `SELECT id, number, name, photo, votes FROM players WHERE contest_id = ? AND status = 1
       ORDER BY votes DESC, number ASC LIMIT ?`,
    ),
    episodes: db.prepare<[number, number], EpisodeRow & { progress: number | null }>(
      `SELECT e.*, p.position_s AS progress FROM episodes e
       LEFT JOIN episode_progress p ON p.episode_id = e.id AND p.user_id = ?
       WHERE e.event_id = ? ORDER BY e.position`,
    ),
    episode: db.prepare<[number, number], EpisodeRow>('SELECT * FROM episodes WHERE id = ? AND event_id = ?'),
    bound: db.prepare<[number, number], { episode_id: number; position: number | null }>(
      `SELECT b.episode_id, p.position_s AS position FROM episode_binds b
       LEFT JOIN episode_progress p ON p.episode_id = b.episode_id AND p.user_id = b.user_id
       WHERE b.event_id = ? AND b.user_id = ?`,
    ),
    bind: db.prepare<[number, number, number, number]>(
      `INSERT INTO episode_binds (event_id, user_id, episode_id, updated_at) VALUES (?, ?, ?, ?)
       ON CONFLICT (event_id, user_id) DO UPDATE SET episode_id = excluded.episode_id, updated_at = excluded.updated_at`,
    ),
    saveProgress: db.prepare<[number, number, number, number]>(
      `INSERT INTO episode_progress (episode_id, user_id, position_s, updated_at) VALUES (?, ?, ?, ?)
       ON CONFLICT (episode_id, user_id) DO UPDATE SET position_s = excluded.position_s, updated_at = excluded.updated_at`,
    ),
    userExists: db.prepare<[number]>('SELECT 1 FROM users WHERE id = ?'),
    invite: db.prepare<[number, number, number, number]>(
      'INSERT INTO invitations (event_id, invitee_id, inviter_id, created_at) VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING',
    ),
    inviteCount: db.prepare<[number, number], { total: number }>(
      'SELECT COUNT(*) AS total FROM invitations WHERE event_id = ? AND inviter_id = ?',
    ),
    invitees: db.prepare<[number, number, number, number]>(
      `SELECT u.id AS user_id, u.nickname, u.avatar, i.created_at AS invited_at FROM invitations i
       JOIN users u ON u.id = i.invitee_id WHERE i.event_id = ? AND i.inviter_id = ?
       ORDER BY i.created_at DESC, u.id DESC LIMIT ? OFFSET ?`,
    ),
  };
}

export function liveRoomHandlers(db: Db, now: () => number = Date.now): HandlerMap {
  const sql = statements(db);
  const seconds = () => Math.floor(now() / 1000);
  const eventOf = (request: FastifyRequest) => {
    const source = (request.method === 'GET' ? request.query : request.body) as { token: string };
    return findEvent(db, source.token);
  };
  const episodeOf = (eventId: number, episodeId: number): EpisodeRow => {
    const row = sql.episode.get(episodeId, eventId);
    if (!row) throw new ApiFailure(XCODE.notFound, 'No such episode in this event');
    return row;
  };
  const saveProgress = db.transaction(
    (eventId: number, userId: number, episodeId: number, position: number) => {
      sql.saveProgress.run(episodeId, userId, position, seconds());
      sql.bind.run(eventId, userId, episodeId, seconds());
    },
  );

  return {
    videoImageText(request) {
      const event = eventOf(request);
      return ok({ html: sql.imageText.get(event.id)?.html ?? '' });
    },

    videoRelated(request) {
      const event = eventOf(request);
      return ok({ list: sql.related.all(event.id) });
    },

    videoMoreNew(request) {
      const event = eventOf(request);
      const { page, limit, offset } = paging(request.query as Paging, 10);
      const total = sql.moreNewCount.get(event.id, event.id)?.total ?? 0;
      const list = sql.moreNew.all(event.id, event.id, limit, offset);
      return ok({ list, total, page, limit });
    },

    videoVoteTotals(request) {
      const event = eventOf(request);
      const { limit = 5 } = request.query as { limit?: number };
      const contests = sql.contests.all(event.id);
      return ok({
        contests: contests.map((contest) => ({ ...contest, players: sql.leaders.all(contest.id, limit) })),
      });
    },

    episodeList(request) {
      const event = eventOf(request);
      const viewer = optionalViewer(db, request);
      const mayWatch = viewerMayWatch(db, event, viewer);
      return ok({
        list: sql.episodes.all(viewer?.userId ?? 0, event.id).map((row) => ({
          id: row.id,
          position: row.position,
          title: row.title,
          duration: row.duration_s,
          stream_url: mayWatch ? episodeStreamUrl(row) : '',
          progress: row.progress ?? 0,
        })),
      });
    },

    episodeBindInfo(request) {
      const event = eventOf(request);
      const viewer = requireViewer(db, request);
      const row = sql.bound.get(event.id, viewer.userId);
      return ok({ episode_id: row?.episode_id ?? null, position: row?.position ?? 0 });
    },

    episodeBindSave(request) {
      const event = eventOf(request);
      const viewer = requireViewer(db, request);
      const episode = episodeOf(event.id, (request.body as { episode_id: number }).episode_id);
      sql.bind.run(event.id, viewer.userId, episode.id, seconds());
      return ok({ episode_id: episode.id });
    },

    episodeWatchProcess(request) {
      const event = eventOf(request);
      const viewer = requireViewer(db, request);
      const body = request.body as { episode_id: number; position: number };
      const episode = episodeOf(event.id, body.episode_id);
      // A player can report a little past the end (rounding); the position never exceeds the episode.
      const position = Math.min(Math.round(body.position * 10) / 10, episode.duration_s);
      saveProgress(event.id, viewer.userId, episode.id, position);
      return ok({ episode_id: episode.id, position });
    },

    inviteRecord(request) {
      const event = eventOf(request);
      const viewer = requireViewer(db, request);
      const inviterId = (request.body as { invite_id: number }).invite_id;
      if (inviterId === viewer.userId) throw new ApiFailure(XCODE.badRequest, 'You cannot invite yourself');
      if (!sql.userExists.get(inviterId)) throw new ApiFailure(XCODE.notFound, 'No such inviter');
      // The primary key (event, invitee) keeps the first inviter; a repeated or concurrent call changes nothing.
      const { changes } = sql.invite.run(event.id, viewer.userId, inviterId, seconds());
      return ok({ recorded: changes === 1 });
    },

    inviteList(request) {
      const event = eventOf(request);
      const viewer = requireViewer(db, request);
      const { limit, offset } = paging(request.query as Paging, 10);
      const total = sql.inviteCount.get(event.id, viewer.userId)?.total ?? 0;
      const list = sql.invitees.all(event.id, viewer.userId, limit, offset);
      return ok({ list, total });
    },
  };
}
