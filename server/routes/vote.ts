/**
 * Voting contests (schemas/api/vote.json): contest detail, player lists and ranks, free votes (one transaction,
 * idempotency key), paid votes and paid registration through orders, sign-up, posters, invitations, today's star and
 * the change feed the client polls for live counts (ETag / 304).
 */
import { needViewer, optionalViewer, requireViewer } from '../auth/sessions.ts';
import type { FastifyRequest } from 'fastify';
import type { HandlerMap } from '../contract/register.ts';
import type { Db } from '../db/database.ts';
import type { Sql } from '../db/sql.ts';
import { ApiFailure, ok } from '../envelope.ts';
import { userVoteState, voteCaster } from '../vote/cast.ts';
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
} from '../vote/common.ts';
import {
  assertContestExists,
  changesSince,
  contestTotals,
  findPlayer,
  groupList,
  listPlayers,
  playerRank,
  scoreItems,
  scoreRank,
  teamList,
  teamRank,
  todayStars,
  voteVersion,
} from '../vote/read.ts';
import { applySignUp, findSignUp, unpaidSignUp, type Answers, type SignUpStatus } from '../vote/signup.ts';
import type { WechatCredentials } from '../wechat/credentials.ts';
import { createOrder, type Order } from '../wechat/orders.ts';
import { payAnswer as wechatPayAnswer } from '../wechat/pay.ts';

type Query = Record<string, unknown>;
type PageQuery = { vote_id: number; page?: number; page_size?: number; team_id?: number; group_id?: number };

const pageOf = <T>(list: T[], total: number, page: number, pageSize: number) => ({
  list,
  total,
  page,
  page_size: pageSize,
  has_more: page * pageSize < total,
});

export type VoteOptions = {
  credentials: WechatCredentials;
  /** The origin viewers reach (poster links). */
  publicOrigin: string;
  now?: () => number;
};

type ListedPlayer = ReturnType<typeof listPlayers>['rows'][number];

export function voteHandlers(db: Db, sql: Sql, options: VoteOptions): HandlerMap {
  const now = options.now ?? Date.now;
  const { credentials } = options;
  // SQLite: votes arriving together commit together (group commit: one WAL commit per batch, not per vote);
  // PostgreSQL: one short transaction per vote (server/vote/cast.ts).
  const castVote = voteCaster(sql, db);
  /** An order answer in the shared PayOrder shape (as /v3/api/wechat/video/pay). */
  /** One page of a contest's players in rank order (votes, or the judges' score), each with fields of its own. */
  const rankedPage = <E extends object>(
    query: PageQuery,
    order: 'votes' | 'score',
    extra: (row: ListedPlayer['row']) => E,
  ) => {
    assertContestExists(db, query.vote_id);
    const { page, pageSize, offset } = paging(query);
    const { total, rows } = listPlayers(db, query.vote_id, {
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
    ok(await wechatPayAnswer(order, tType, credentials, now(), request));

  return {
    async voteDetail(request) {
      const { vote_id } = request.query as { vote_id: number };
      const contest = findContest(db, vote_id);
      const viewer = optionalViewer(db, request, now());
      const totals = contestTotals(db, contest.id);
      const status = contestStatus(contest, now());
      const event = contest.event_id
        ? db
            .prepare<[number], { token: string }>('SELECT token FROM events WHERE id = ?')
            .get(contest.event_id)
        : undefined;
      const signUps = db
        .prepare<[number], { count: number }>(
          'SELECT COUNT(*) AS count FROM vote_sign_ups WHERE contest_id = ?',
        )
        .get(contest.id)!.count;
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

    voteList(request) {
      const query = request.query as PageQuery & { keyword?: string; order?: 'number' | 'votes' | 'new' };
      assertContestExists(db, query.vote_id);
      const { page, pageSize, offset } = paging(query);
      const { total, rows } = listPlayers(db, query.vote_id, { ...query, limit: pageSize, offset });
      return ok(
        pageOf(
          rows.map((row) => row.card),
          total,
          page,
          pageSize,
        ),
      );
    },

    voteTeamList(request) {
      const { vote_id } = request.query as { vote_id: number };
      assertContestExists(db, vote_id);
      return ok({ list: teamList(db, vote_id) });
    },

    voteGroupList(request) {
      const { vote_id } = request.query as { vote_id: number };
      assertContestExists(db, vote_id);
      return ok({ list: groupList(db, vote_id) });
    },

    votePlayerDetail(request) {
      const { vote_id, player_id } = request.query as { vote_id: number; player_id: number };
      const contest = findContest(db, vote_id);
      const { row, card } = findPlayer(db, contest.id, player_id);
      const { rank, gap } = playerRank(db, contest.id, row);
      const viewer = optionalViewer(db, request, now());
      const mine = viewer
        ? (db
            .prepare<[number, number, number, number], { votes: number }>(
              'SELECT votes FROM vote_user_player_days WHERE contest_id = ? AND user_id = ? AND player_id = ? AND day = ?',
            )
            .get(contest.id, viewer.userId, row.id, cstDay(now()))?.votes ?? 0)
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

    voteScoreList(request) {
      return ok(rankedPage(request.query as PageQuery, 'score', (row) => ({ score: row.score })));
    },

    voteScoreDetail(request) {
      const { vote_id, player_id } = request.query as { vote_id: number; player_id: number };
      assertContestExists(db, vote_id);
      const { row, card } = findPlayer(db, vote_id, player_id);
      return ok({
        player: { ...card, rank: scoreRank(db, vote_id, row), score: row.score },
        items: scoreItems(db, row.id),
      });
    },

    voteRank(request) {
      return ok(rankedPage(request.query as PageQuery, 'votes', () => ({})));
    },

    voteTeamRank(request) {
      const { vote_id } = request.query as { vote_id: number };
      assertContestExists(db, vote_id);
      return ok({ list: teamRank(db, vote_id) });
    },

    voteTodayStar(request) {
      const { vote_id, limit = 10 } = request.query as { vote_id: number; limit?: number };
      assertContestExists(db, vote_id);
      const day = cstDay(now());
      return ok({ date: dayToDate(day), list: todayStars(db, vote_id, day, limit) });
    },

    voteChanges(request, reply) {
      const { vote_id, since = 0 } = request.query as { vote_id: number; since?: number };
      assertContestExists(db, vote_id);
      const version = voteVersion(db, vote_id);
      const etag = `"v${vote_id}-${since}-${version}"`;
      reply.header('ETag', etag).header('Cache-Control', 'no-cache');
      if (request.headers['if-none-match'] === etag) return reply.code(304).send();
      const changes = since > 0 ? changesSince(db, vote_id, since) : { reset: false, players: [] };
      return ok({ version, total_votes: contestTotals(db, vote_id).votes, ...changes });
    },

    async voteCast(request) {
      const viewer = await needViewer(sql, request, now());
      const body = request.body as { vote_id: number; player_id: number; idempotency_key: string };
      return castVote({
        userId: viewer.userId,
        contestId: body.vote_id,
        playerId: body.player_id,
        key: body.idempotency_key,
        nowMs: now(),
      }).then((result) => ok(result));
    },

    async voteOrder(request) {
      const viewer = requireViewer(db, request, now());
      const body = request.body as {
        vote_id: number;
        player_id: number;
        count: number;
        t_type?: 'h5' | 'wap';
        idempotency_key?: string;
      };
      const order = db.transaction(() => {
        const contest = findContest(db, body.vote_id);
        assertOpen(contest, now());
        if (contest.vote_price_cents <= 0)
          throw new ApiFailure(VOTE_XCODE.notOffered, {
            'zh-CN': '本次评选未开放付费投票',
            en: 'This contest does not offer paid votes',
          });
        findPlayer(db, contest.id, body.player_id);
        const created = createOrder(db, {
          userId: viewer.userId,
          kind: 'vote',
          refId: body.player_id,
          amountCents: contest.vote_price_cents * body.count,
          idempotencyKey: body.idempotency_key ? `vote:${viewer.userId}:${body.idempotency_key}` : undefined,
          now: now(),
        });
        db.prepare(
          `INSERT INTO vote_orders (order_id, contest_id, player_id, user_id, count) VALUES (?, ?, ?, ?, ?)
           ON CONFLICT (order_id) DO NOTHING`,
        ).run(created.id, contest.id, body.player_id, viewer.userId, body.count);
        return created;
      })();
      return payAnswer(order, body.t_type ?? 'h5', request);
    },

    voteDropDown(request) {
      const { vote_id } = request.query as { vote_id: number };
      const fields = formFields(findContest(db, vote_id)).filter((field) => field.type === 'dropdown');
      return ok({
        list: fields.map((field) => ({
          key: field.key,
          label: field.label,
          options: field.options ?? [],
          max_count: 1,
        })),
      });
    },

    voteCheckboxList(request) {
      const { vote_id } = request.query as { vote_id: number };
      const fields = formFields(findContest(db, vote_id)).filter((field) => field.type === 'checkbox');
      return ok({
        list: fields.map((field) => ({
          key: field.key,
          label: field.label,
          options: field.options ?? [],
          max_count: field.max_count,
        })),
      });
    },

    async voteApply(request) {
      const viewer = requireViewer(db, request, now());
      const body = request.body as { vote_id: number; values: Answers };
      const signUp = await applySignUp(sql, {
        contestId: body.vote_id,
        userId: viewer.userId,
        answers: body.values,
        inviterId: inviterId(db, (request.query as Query).inviteId, viewer.userId),
        nowMs: now(),
      });
      return ok(signUp);
    },

    async votePaidRegistration(request) {
      const viewer = requireViewer(db, request, now());
      const body = request.body as { vote_id: number; t_type?: 'h5' | 'wap'; idempotency_key?: string };
      const contest = findContest(db, body.vote_id);
      if (contestStatus(contest, now()) === 2)
        throw new ApiFailure(VOTE_XCODE.ended, {
          'zh-CN': '评选已结束，报名已关闭',
          en: 'The contest has ended; sign-up is closed',
        });
      const signUp = await unpaidSignUp(sql, contest, viewer.userId);
      // The 'registration' hook advances only a sign-up still unpaid, so a second order changes nothing.
      const order = createOrder(db, {
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

    votePoster(request) {
      const body = request.body as { vote_id: number; player_id: number };
      const locale = String((request.query as Query).locale ?? 'zh-CN');
      const contest = findContest(db, body.vote_id);
      const { row, card } = findPlayer(db, contest.id, body.player_id);
      const { rank } = playerRank(db, contest.id, row);
      const viewer = optionalViewer(db, request, now());
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
        link: `${options.publicOrigin}/livev3/#/pages/jinrizhixing/index?${params}`,
        qrcode_url: `/v2/api/mini/qrcode/vote?${params}`,
        width: 750,
        height: 1334,
      });
    },

    voteInviteList(request) {
      const viewer = requireViewer(db, request, now());
      const query = request.query as PageQuery;
      assertContestExists(db, query.vote_id);
      const { page, pageSize, offset } = paging(query);
      const total = db
        .prepare<[number, number], { count: number }>(
          'SELECT COUNT(*) AS count FROM vote_sign_ups WHERE contest_id = ? AND inviter_id = ?',
        )
        .get(query.vote_id, viewer.userId)!.count;
      const list = db
        .prepare<
          [number, number, number, number],
          { user_id: number; nickname: string; avatar: string; status: SignUpStatus; created_at: number }
        >(
          `SELECT s.user_id, u.nickname, u.avatar, s.status, s.created_at
           FROM vote_sign_ups s JOIN users u ON u.id = s.user_id
           WHERE s.contest_id = ? AND s.inviter_id = ? ORDER BY s.id DESC LIMIT ? OFFSET ?`,
        )
        .all(query.vote_id, viewer.userId, pageSize, offset);
      return ok(pageOf(list, total, page, pageSize));
    },
  };
}
