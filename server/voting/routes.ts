/**
 * Voting contests (schemas/api/vote.json): contest detail, player lists and ranks, free votes (one transaction,
 * idempotency key), paid votes and paid registration through orders, sign-up, posters, invitations, today's star and
 * the change feed the client polls for live counts (ETag / 304).
 */
import { findViewer, needViewer } from '../accounts/sessions.ts';
import type { FastifyRequest } from 'fastify';
import type { HandlerMap } from '../contract/register.ts';
import type { RequestQuery } from '../contract/types.ts';
import { ApiFailure, ok, XCODE } from '../envelope.ts';
import { userVoteState, voteCaster } from './cast.ts';
import {
  assertOpen,
  contestStatus,
  cstDay,
  dayToDate,
  findContest,
  formFields,
  inviterId,
  paging,
  VOTE_XCODE,
} from './common.ts';
import {
  assertContestExists,
  changesSince,
  contestTotals,
  findPlayer,
  groupList,
  listPlayers,
  playerRank,
  playersInOrder,
  type PlayerRow,
  scoreItems,
  scoreRank,
  teamList,
  teamRank,
  todayStars,
  voteVersion,
} from './read.ts';
import { applySignUp, findSignUp, unpaidSignUp } from './signup.ts';
import { createPaymentOrder, type Order } from '../wechat/orders.ts';
import { payAnswer as wechatPayAnswer } from '../wechat/pay.ts';
import type { Services } from '../services.ts';

/** The rank list's and the score list's query (one shape). */
type RankQuery = RequestQuery<'voteRank'>;

const pageOf = <T>(list: T[], total: number, page: number, pageSize: number) => ({
  list,
  total,
  page,
  page_size: pageSize,
  has_more: page * pageSize < total,
});

type ListedPlayer = Awaited<ReturnType<typeof listPlayers>>['rows'][number];

/** A rank list's keyset cursor: the votes and number of the last player of a page. */
const cursorOf = (player: Pick<PlayerRow, 'votes' | 'number'>) => `${player.votes}.${player.number}`;
function parseCursor(cursor: string): { votes: number; number: number } {
  const [votes, number] = cursor.split('.').map(Number);
  return { votes, number };
}

export function voteHandlers(
  services: Pick<Services, 'sql' | 'now' | 'settings' | 'wechat' | 'caches' | 'rankings'>,
): HandlerMap {
  const { sql, now, wechat, rankings } = services;
  // SQLite: votes arriving together commit together (group commit: one WAL commit per batch, not per vote);
  // PostgreSQL: one short transaction per vote (server/voting/cast.ts). Both move the rankings once committed.
  const castVote = voteCaster(sql, rankings);
  /** A player's rank by votes from the rankings (the players_rank index while they are being built). */
  const rankOf = async (contestId: number, row: Pick<PlayerRow, 'id' | 'votes' | 'number'>) =>
    (await rankings.rankOf(contestId, { id: row.id, number: row.number, votes: row.votes })) ??
    (await playerRank(sql, contestId, row));
  /**
   * The rank list by votes: the page (or the page after a cursor) from the rankings, the players' cards by id. Within
   * a team or a group, and while the rankings are being built, from the players_rank index.
   */
  const votesPage = async (query: RankQuery) => {
    const contestId = query.vote_id;
    await assertContestExists(services, contestId);
    const { page, pageSize, offset } = paging(query);
    const filtered = query.team_id !== undefined || query.group_id !== undefined;
    if (query.cursor !== undefined && filtered)
      throw new ApiFailure(XCODE.badRequest, {
        'zh-CN': '分队或分组排行不支持 cursor，请按页码翻页',
        en: 'cursor does not page a team or group ranking; use page',
      });
    if (filtered) return { ...(await rankedPage(query, 'votes', () => ({}))), next_cursor: null };
    const cursor = query.cursor === undefined ? undefined : parseCursor(query.cursor);
    const ranked = cursor
      ? ((await rankings.after(contestId, cursor, pageSize)) ??
        (await rankings.ready(contestId).then(() => rankings.after(contestId, cursor, pageSize))))
      : await rankings.page(contestId, offset, pageSize);
    if (!ranked) {
      const indexed = await rankedPage(query, 'votes', () => ({}));
      const last = indexed.list[indexed.list.length - 1];
      return { ...indexed, next_cursor: indexed.has_more && last ? cursorOf(last) : null };
    }
    const cards = await playersInOrder(
      services,
      contestId,
      ranked.players.map((player) => player.id),
    );
    // A row read fresher than the rankings (a count not placed yet) raises them.
    const fresher = cards.flatMap((found, index) =>
      found && found.row.votes > ranked.players[index].votes ? [found.row] : [],
    );
    if (fresher.length) await rankings.place(contestId, fresher);
    const list = cards.flatMap((found, index) =>
      found ? [{ ...found.card, rank: ranked.position + index + 1 }] : [],
    );
    const hasMore = ranked.position + ranked.players.length < ranked.total;
    const last = ranked.players[ranked.players.length - 1];
    return {
      ...pageOf(list, ranked.total, page, pageSize),
      has_more: hasMore,
      next_cursor: hasMore && last ? cursorOf(last) : null,
    };
  };
  /** An order answer in the shared PayOrder shape (as /v3/api/wechat/video/pay). */
  /** One page of a contest's players in rank order (votes, or the judges' score), each with fields of its own. */
  const rankedPage = async <E extends object>(
    query: RankQuery,
    order: 'votes' | 'score',
    extra: (row: ListedPlayer['row']) => E,
  ) => {
    await assertContestExists(services, query.vote_id);
    const { page, pageSize, offset } = paging(query);
    const { total, rows } = await listPlayers(services, query.vote_id, {
      team_id: query.team_id,
      group_id: query.group_id,
      order,
      limit: pageSize,
      offset,
    });
    const list = rows.map(({ row, card }, index) => ({ ...card, rank: offset + index + 1, ...extra(row) }));
    return pageOf(list, total, page, pageSize);
  };
  // The payment answer every paid feature gives (server/wechat/pay.ts: JSAPI or H5 order at WeChat Pay).
  const payAnswer = async (order: Order, tType: 'h5' | 'wap', request: FastifyRequest) =>
    ok(await wechatPayAnswer(wechat, order, tType, now(), request));

  return {
    async voteDetail(request) {
      const { vote_id } = request.query;
      const contest = await findContest(services, vote_id);
      const status = contestStatus(contest, now());
      const [viewer, totals, event, signUps] = await Promise.all([
        findViewer(sql, request, now()),
        contestTotals(sql, contest.id),
        contest.event_id
          ? sql.selectFrom('events').select('token').where('id', '=', contest.event_id).executeTakeFirst()
          : undefined,
        sql
          .selectFrom('vote_sign_ups')
          .select((eb) => eb.fn.countAll<number>().as('count'))
          .where('contest_id', '=', contest.id)
          .executeTakeFirstOrThrow()
          .then((row) => Number(row.count)),
      ]);
      return {
        ...ok({
          id: contest.id,
          title: contest.title,
          rules: contest.rules,
          cover: contest.cover,
          event_token: event?.token ?? null,
          starts_at: contest.starts_at,
          ends_at: contest.ends_at,
          now: Math.floor(now() / 1000),
          status,
          player_count: totals.players,
          total_votes: totals.votes,
          sign_up_count: signUps,
          daily_votes_per_user: contest.daily_votes_per_user,
          total_votes_per_user: contest.total_votes_per_user,
          votes_per_player_per_day: contest.votes_per_player_per_day,
          vote_price_cents: contest.vote_price_cents,
          sign_up_fee_cents: contest.sign_up_fee_cents,
          sign_up_open: status !== 2,
          fields: formFields(contest).map(({ options: _options, ...field }) => field),
          mine: viewer
            ? {
                ...(await userVoteState(sql, contest, viewer.userId, now())),
                sign_up: await findSignUp(sql, contest, viewer.userId),
              }
            : null,
        }),
        code: 200,
      };
    },

    async voteList(request) {
      const { query } = request;
      await assertContestExists(services, query.vote_id);
      const { page, pageSize, offset } = paging(query);
      const { total, rows } = await listPlayers(services, query.vote_id, {
        ...query,
        limit: pageSize,
        offset,
      });
      return ok(
        pageOf(
          rows.map((row) => row.card),
          total,
          page,
          pageSize,
        ),
      );
    },

    async voteTeamList(request) {
      const { vote_id } = request.query;
      await assertContestExists(services, vote_id);
      return ok({ list: await teamList(sql, vote_id) });
    },

    async voteGroupList(request) {
      const { vote_id } = request.query;
      await assertContestExists(services, vote_id);
      return ok({ list: await groupList(sql, vote_id) });
    },

    async votePlayerDetail(request) {
      const { vote_id, player_id } = request.query;
      const contest = await findContest(services, vote_id);
      const { row, card } = await findPlayer(services, contest.id, player_id);
      const [{ rank, gap }, viewer] = await Promise.all([
        rankOf(contest.id, row),
        findViewer(sql, request, now()),
      ]);
      const mine = viewer
        ? ((
            await sql
              .selectFrom('vote_user_player_days')
              .select('votes')
              .where('contest_id', '=', contest.id)
              .where('user_id', '=', viewer.userId)
              .where('player_id', '=', row.id)
              .where('day', '=', cstDay(now()))
              .executeTakeFirst()
          )?.votes ?? 0)
        : null;
      const photos = JSON.parse(row.photos) as string[];
      return ok({
        ...card,
        rank,
        gap_to_previous: gap,
        description: row.description,
        photos: photos.length ? photos : row.photo ? [row.photo] : [],
        video: row.video,
        score: row.score,
        my_votes_today: mine,
      });
    },

    async voteScoreList(request) {
      return ok(await rankedPage(request.query, 'score', (row) => ({ score: row.score })));
    },

    async voteScoreDetail(request) {
      const { vote_id, player_id } = request.query;
      await assertContestExists(services, vote_id);
      const { row, card } = await findPlayer(services, vote_id, player_id);
      return ok({
        player: { ...card, rank: await scoreRank(sql, vote_id, row), score: row.score },
        items: await scoreItems(sql, row.id),
      });
    },

    async voteRank(request) {
      return ok(await votesPage(request.query));
    },

    async voteTeamRank(request) {
      const { vote_id } = request.query;
      await assertContestExists(services, vote_id);
      return ok({ list: await teamRank(sql, vote_id) });
    },

    async voteTodayStar(request) {
      const { vote_id, limit = 10 } = request.query;
      await assertContestExists(services, vote_id);
      const day = cstDay(now());
      return ok({ date: dayToDate(day), list: await todayStars(services, vote_id, day, limit) });
    },

    async voteChanges(request, reply) {
      const { vote_id, since = 0 } = request.query;
      await assertContestExists(services, vote_id);
      const version = await voteVersion(sql, vote_id);
      const etag = `"v${vote_id}-${since}-${version}"`;
      reply.header('ETag', etag).header('Cache-Control', 'no-cache');
      if (request.headers['if-none-match'] === etag) return reply.code(304).send();
      const changes = since > 0 ? await changesSince(sql, vote_id, since) : { reset: false, players: [] };
      return ok({ version, total_votes: (await contestTotals(sql, vote_id)).votes, ...changes });
    },

    async voteCast(request) {
      const viewer = await needViewer(sql, request, now());
      const { body } = request;
      return castVote({
        userId: viewer.userId,
        contestId: body.vote_id,
        playerId: body.player_id,
        key: body.idempotency_key,
        nowMs: now(),
      }).then((result) => ok(result));
    },

    async voteOrder(request) {
      const viewer = await needViewer(sql, request, now());
      const { body } = request;
      // One transaction: a retry with the same key finds the order (and its vote_orders row) and makes no second.
      const order = await sql.transaction().execute(async (trx) => {
        const contest = await findContest({ sql: trx }, body.vote_id);
        assertOpen(contest, now());
        if (contest.vote_price_cents <= 0)
          throw new ApiFailure(VOTE_XCODE.notOffered, {
            'zh-CN': '本次评选未开放付费投票',
            en: 'This contest does not offer paid votes',
          });
        await findPlayer({ sql: trx }, contest.id, body.player_id);
        const created = await createPaymentOrder(trx, {
          userId: viewer.userId,
          kind: 'vote',
          refId: body.player_id,
          amountCents: contest.vote_price_cents * body.count,
          idempotencyKey: body.idempotency_key ? `vote:${viewer.userId}:${body.idempotency_key}` : undefined,
          now: now(),
        });
        await trx
          .insertInto('vote_orders')
          .values({
            order_id: created.id,
            contest_id: contest.id,
            player_id: body.player_id,
            user_id: viewer.userId,
            count: body.count,
          })
          .onConflict((conflict) => conflict.column('order_id').doNothing())
          .execute();
        return created;
      });
      return payAnswer(order, body.t_type ?? 'h5', request);
    },

    async voteDropDown(request) {
      const { vote_id } = request.query;
      const fields = formFields(await findContest(services, vote_id)).filter(
        (field) => field.type === 'dropdown',
      );
      return ok({
        list: fields.map((field) => ({
          key: field.key,
          label: field.label,
          label_en: field.label_en ?? '',
          options: field.options ?? [],
          max_count: 1,
        })),
      });
    },

    async voteCheckboxList(request) {
      const { vote_id } = request.query;
      const fields = formFields(await findContest(services, vote_id)).filter(
        (field) => field.type === 'checkbox',
      );
      return ok({
        list: fields.map((field) => ({
          key: field.key,
          label: field.label,
          label_en: field.label_en ?? '',
          options: field.options ?? [],
          max_count: field.max_count,
        })),
      });
    },

    async voteApply(request) {
      const viewer = await needViewer(sql, request, now());
      const { body } = request;
      const signUp = await applySignUp(sql, {
        contestId: body.vote_id,
        userId: viewer.userId,
        answers: body.values,
        inviterId: await inviterId(sql, request.query.inviteId, viewer.userId),
        nowMs: now(),
      });
      // A sign-up approved at once made a player (0 votes; placing a known player changes nothing).
      if (signUp.player_id !== null && signUp.number !== null)
        await rankings.place(body.vote_id, [{ id: signUp.player_id, number: signUp.number, votes: 0 }]);
      return ok(signUp);
    },

    async votePaidRegistration(request) {
      const viewer = await needViewer(sql, request, now());
      const { body } = request;
      const contest = await findContest(services, body.vote_id);
      if (contestStatus(contest, now()) === 2)
        throw new ApiFailure(VOTE_XCODE.ended, {
          'zh-CN': '评选已结束，报名已关闭',
          en: 'The contest has ended; sign-up is closed',
        });
      const signUp = await unpaidSignUp(sql, contest, viewer.userId);
      // The 'registration' hook advances only a sign-up still unpaid, so a second order changes nothing.
      const order = await createPaymentOrder(sql, {
        userId: viewer.userId,
        kind: 'registration',
        refId: signUp.id,
        amountCents: contest.sign_up_fee_cents,
        idempotencyKey: body.idempotency_key
          ? `registration:${viewer.userId}:${body.idempotency_key}`
          : undefined,
        now: now(),
      });
      return payAnswer(order, body.t_type ?? 'h5', request);
    },

    async votePoster(request) {
      const { body } = request;
      const locale = request.query.locale ?? 'zh-CN';
      const contest = await findContest(services, body.vote_id);
      const { row, card } = await findPlayer(services, contest.id, body.player_id);
      const { rank } = await rankOf(contest.id, row);
      const viewer = await findViewer(sql, request, now());
      const params = new URLSearchParams({ vote_id: String(contest.id), player_id: String(row.id) });
      if (viewer) params.set('inviteId', String(viewer.userId));
      const en = locale.toLowerCase().startsWith('en');
      return ok({
        title: contest.title,
        player: { ...card, rank },
        lines: en
          ? [
              `No. ${row.number} ${row.name}`,
              `${row.votes} votes · rank ${rank}`,
              'Long-press the QR code to vote',
            ]
          : [
              `${row.number} 号 ${row.name}`,
              `当前 ${row.votes} 票 · 第 ${rank} 名`,
              '长按识别二维码，为 TA 投票',
            ],
        link: `${services.settings.publicOrigin}/livev3/#/pages/jinrizhixing/index?${params}`,
        qrcode_url: `/v2/api/mini/qrcode/vote?${params}`,
        width: 750,
        height: 1334,
      });
    },

    async voteInviteList(request) {
      const viewer = await needViewer(sql, request, now());
      const { query } = request;
      await assertContestExists(services, query.vote_id);
      const { page, pageSize, offset } = paging(query);
      const invited = sql
        .selectFrom('vote_sign_ups as s')
        .where('s.contest_id', '=', query.vote_id)
        .where('s.inviter_id', '=', viewer.userId);
      const [counted, list] = await Promise.all([
        invited.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow(),
        invited
          .innerJoin('users as u', 'u.id', 's.user_id')
          .select(['s.user_id', 'u.nickname', 'u.avatar', 's.status', 's.created_at'])
          .orderBy('s.id', 'desc')
          .limit(pageSize)
          .offset(offset)
          .execute(),
      ]);
      return ok(pageOf(list, Number(counted.count), page, pageSize));
    },
  };
}
