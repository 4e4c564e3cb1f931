/**
 * Live-room content around the player: image-text introduction, related and more/new videos, vote totals, episodes
 * with watch progress, and invitations. Spread into videoHandlers (the video domain's handler map).
 */
import type { Sql } from '../db/sql.ts';
import { ApiFailure, ok, XCODE } from '../envelope.ts';
import { findViewer, needViewer } from '../accounts/sessions.ts';
import type { HandlerMap } from '../contract/register.ts';
import { loadEvent, mayViewerWatch } from './routes.ts';
import { signStreamUrl } from '../streams/sign.ts';
import type { Services } from '../services.ts';

type EpisodeRow = {
  id: number;
  event_id: number;
  position: number;
  title: string;
  stream: string;
  duration_s: number;
};

const CARD_COLUMNS = ['e.token', 'e.title', 'e.cover', 'e.live_status', 'e.views', 'e.start_time'] as const;

/** Episode streams share the server's VOD route; the episode id keeps each source distinct for the player. */
export function episodeStreamUrl(episode: Pick<EpisodeRow, 'id' | 'stream'>): string {
  return `/streams/vod/${episode.stream}/master.m3u8?episode=${episode.id}`;
}

function paging(query: { page?: number; limit?: number }, defaultLimit: number) {
  const page = query.page ?? 1;
  const limit = query.limit ?? defaultLimit;
  return { page, limit, offset: (page - 1) * limit };
}

export function liveRoomHandlers(services: Pick<Services, 'sql' | 'now' | 'events' | 'streams'>): HandlerMap {
  const { sql, now, events, streams } = services;
  const seconds = () => Math.floor(now() / 1000);
  const episodeOf = async (eventId: number, episodeId: number): Promise<EpisodeRow> => {
    const row = await sql
      .selectFrom('episodes')
      .selectAll()
      .where('id', '=', episodeId)
      .where('event_id', '=', eventId)
      .executeTakeFirst();
    if (!row)
      throw new ApiFailure(XCODE.notFound, {
        'zh-CN': '本活动没有这一集',
        en: 'No such episode in this event',
      });
    return row;
  };
  // The viewer's current episode in the event: the primary key (event, user) holds one, the last one wins.
  const bind = (runner: Sql, eventId: number, userId: number, episodeId: number) =>
    runner
      .insertInto('episode_binds')
      .values({ event_id: eventId, user_id: userId, episode_id: episodeId, updated_at: seconds() })
      .onConflict((oc) =>
        oc.columns(['event_id', 'user_id']).doUpdateSet((eb) => ({
          episode_id: eb.ref('excluded.episode_id'),
          updated_at: eb.ref('excluded.updated_at'),
        })),
      )
      .execute();
  // Events listed in any channel that lists this one (more/new), excluding itself.
  const moreNew = (eventId: number) =>
    sql
      .selectFrom('events as e')
      .where('e.id', '!=', eventId)
      .where('e.id', 'in', (eb) =>
        eb
          .selectFrom('channel_videos as v')
          .select('v.event_id')
          .where(
            'v.channel_id',
            'in',
            eb.selectFrom('channel_videos').select('channel_id').where('event_id', '=', eventId),
          ),
      );

  return {
    async videoImageText(request) {
      const event = await loadEvent(events, request.query.token);
      const row = await sql
        .selectFrom('event_image_text')
        .select('html')
        .where('event_id', '=', event.id)
        .executeTakeFirst();
      return ok({ html: row?.html ?? '' });
    },

    async videoRelated(request) {
      const event = await loadEvent(events, request.query.token);
      const list = await sql
        .selectFrom('event_related as r')
        .innerJoin('events as e', 'e.id', 'r.related_event_id')
        .select(CARD_COLUMNS)
        .where('r.event_id', '=', event.id)
        .orderBy('r.position')
        .execute();
      return ok({ list });
    },

    async videoMoreNew(request) {
      const event = await loadEvent(events, request.query.token);
      const { page, limit, offset } = paging(request.query, 10);
      const [count, list] = await Promise.all([
        moreNew(event.id)
          .select((eb) => eb.fn.countAll<number>().as('total'))
          .executeTakeFirst(),
        moreNew(event.id)
          .select(CARD_COLUMNS)
          .orderBy('e.start_time', 'desc')
          .orderBy('e.id', 'desc')
          .limit(limit)
          .offset(offset)
          .execute(),
      ]);
      return ok({ list, total: Number(count?.total ?? 0), page, limit });
    },

    async videoVoteTotals(request) {
      const event = await loadEvent(events, request.query.token);
      const { limit = 5 } = request.query;
      const contests = await sql
        .selectFrom('contests as c')
        .select((eb) => [
          'c.id',
          'c.title',
          eb.fn
            .coalesce(
              eb
                .selectFrom('players as p')
                .select((sub) => sub.fn.sum<number>('p.votes').as('sum'))
                .whereRef('p.contest_id', '=', 'c.id'),
              eb.lit(0),
            )
            .as('total_votes'),
        ])
        .where('c.event_id', '=', event.id)
        .orderBy('c.id')
        .execute();
      const leaders = (contestId: number) =>
        sql
          .selectFrom('players')
          .select(['id', 'number', 'name', 'photo', 'votes'])
          .where('contest_id', '=', contestId)
          .where('status', '=', 1)
          .orderBy('votes', 'desc')
          .orderBy('number', 'asc')
          .limit(limit)
          .execute();
      return ok({
        contests: await Promise.all(
          contests.map(async (contest) => ({
            ...contest,
            total_votes: Number(contest.total_votes),
            players: await leaders(contest.id),
          })),
        ),
      });
    },

    async episodeList(request) {
      const event = await loadEvent(events, request.body.token);
      const viewer = await findViewer(sql, request, now());
      const mayWatch = await mayViewerWatch(sql, event, viewer, now());
      const rows = await sql
        .selectFrom('episodes as e')
        .leftJoin('episode_progress as p', (join) =>
          join.onRef('p.episode_id', '=', 'e.id').on('p.user_id', '=', viewer?.userId ?? 0),
        )
        .select(['e.id', 'e.position', 'e.title', 'e.stream', 'e.duration_s', 'p.position_s as progress'])
        .where('e.event_id', '=', event.id)
        .orderBy('e.position')
        .execute();
      return ok({
        list: rows.map((row) => ({
          id: row.id,
          position: row.position,
          title: row.title,
          duration: row.duration_s,
          stream_url: mayWatch ? signStreamUrl(streams, episodeStreamUrl(row)) : '',
          progress: row.progress ?? 0,
        })),
      });
    },

    async episodeBindInfo(request) {
      const event = await loadEvent(events, request.body.token);
      const viewer = await needViewer(sql, request, now());
      const row = await sql
        .selectFrom('episode_binds as b')
        .leftJoin('episode_progress as p', (join) =>
          join.onRef('p.episode_id', '=', 'b.episode_id').onRef('p.user_id', '=', 'b.user_id'),
        )
        .select(['b.episode_id', 'p.position_s as position'])
        .where('b.event_id', '=', event.id)
        .where('b.user_id', '=', viewer.userId)
        .executeTakeFirst();
      return ok({ episode_id: row?.episode_id ?? null, position: row?.position ?? 0 });
    },

    async episodeBindSave(request) {
      const event = await loadEvent(events, request.body.token);
      const viewer = await needViewer(sql, request, now());
      const episode = await episodeOf(event.id, request.body.episode_id);
      await bind(sql, event.id, viewer.userId, episode.id);
      return ok({ episode_id: episode.id });
    },

    async episodeWatchProcess(request) {
      const event = await loadEvent(events, request.body.token);
      const viewer = await needViewer(sql, request, now());
      const { body } = request;
      const episode = await episodeOf(event.id, body.episode_id);
      // A player can report a little past the end (rounding); the position never exceeds the episode.
      const position = Math.min(Math.round(body.position * 10) / 10, episode.duration_s);
      await sql.transaction().execute(async (trx) => {
        await trx
          .insertInto('episode_progress')
          .values({
            episode_id: episode.id,
            user_id: viewer.userId,
            position_s: position,
            updated_at: seconds(),
          })
          .onConflict((oc) =>
            oc.columns(['episode_id', 'user_id']).doUpdateSet((eb) => ({
              position_s: eb.ref('excluded.position_s'),
              updated_at: eb.ref('excluded.updated_at'),
            })),
          )
          .execute();
        await bind(trx, event.id, viewer.userId, episode.id);
      });
      return ok({ episode_id: episode.id, position });
    },

    async inviteRecord(request) {
      const event = await loadEvent(events, request.body.token);
      const viewer = await needViewer(sql, request, now());
      const inviterId = request.body.invite_id;
      if (inviterId === viewer.userId)
        throw new ApiFailure(XCODE.badRequest, { 'zh-CN': '不能邀请自己', en: 'You cannot invite yourself' });
      const inviter = await sql
        .selectFrom('users')
        .select('id')
        .where('id', '=', inviterId)
        .executeTakeFirst();
      if (!inviter) {
        // An unknown inviter gets the answer a known one would (nothing is recorded), so the call does not tell
        // which user ids exist.
        const counted = await sql
          .selectFrom('invitations')
          .select('invitee_id')
          .where('event_id', '=', event.id)
          .where('invitee_id', '=', viewer.userId)
          .executeTakeFirst();
        return ok({ recorded: counted === undefined });
      }
      // The primary key (event, invitee) keeps the first inviter; a repeated or concurrent call changes nothing.
      const inserted = await sql
        .insertInto('invitations')
        .values({
          event_id: event.id,
          invitee_id: viewer.userId,
          inviter_id: inviterId,
          created_at: seconds(),
        })
        .onConflict((oc) => oc.doNothing())
        .returning('invitee_id')
        .executeTakeFirst();
      return ok({ recorded: inserted !== undefined });
    },

    async inviteList(request) {
      const event = await loadEvent(events, request.query.token);
      const viewer = await needViewer(sql, request, now());
      const { limit, offset } = paging(request.query, 10);
      const [count, list] = await Promise.all([
        sql
          .selectFrom('invitations')
          .select((eb) => eb.fn.countAll<number>().as('total'))
          .where('event_id', '=', event.id)
          .where('inviter_id', '=', viewer.userId)
          .executeTakeFirst(),
        sql
          .selectFrom('invitations as i')
          .innerJoin('users as u', 'u.id', 'i.invitee_id')
          .select(['u.id as user_id', 'u.nickname', 'u.avatar', 'i.created_at as invited_at'])
          .where('i.event_id', '=', event.id)
          .where('i.inviter_id', '=', viewer.userId)
          .orderBy('i.created_at', 'desc')
          .orderBy('u.id', 'desc')
          .limit(limit)
          .offset(offset)
          .execute(),
      ]);
      return ok({ list, total: Number(count?.total ?? 0) });
    },
  };
}
