/**
 * Chat, moderation, gifts and tips. The server is the authority: it refuses empty, too long and too fast messages and
 * messages from blacklisted viewers, whatever the client does. Sending works over HTTP and over the socket (chat:send)
 * through the same function; every stored line is published to the event's room (batched by server/realtime.ts).
 */
import { findViewer, LOGIN_REQUIRED, needViewer, type Viewer } from '../auth/sessions.ts';
import type { HandlerMap } from '../contract/register.ts';
import type { Db } from '../db/database.ts';
import { first, prepared, runSteps, runStepsSync, type Steps } from '../db/prepared.ts';
import { sqliteSql, type Sql } from '../db/sql.ts';
import type { ChatKind } from '../db/tables/base/chat.ts';
import { ApiFailure, ok, XCODE, type LocalizedText } from '../envelope.ts';
import { GATED, onSocketEvent, publishToEvent } from '../realtime.ts';
import { sharedStateOf } from '../shared/state.ts';
import { createOrder, onOrderPaid } from '../wechat/orders.ts';
import type { WechatCredentials } from '../wechat/credentials.ts';
import { payAnswer, type PayRequest } from '../redpack/pay.ts';
import { loadEvent, mayViewerWatch } from './video.ts';

export type { ChatKind };

export const CHAT_LIMITS = {
  maxLength: 200,
  /** At most `burst` messages per viewer within `windowMs`. */
  burst: 5,
  windowMs: 5000,
  historyPage: 30,
  gapFillPage: 100,
} as const;

/** Refusals, in the request's language (the Chinese texts are the ones the chat room itself shows). */
export const CHAT_MESSAGES = {
  loginRequired: LOGIN_REQUIRED,
  noToken: { 'zh-CN': '请求无效：缺少 token', en: 'Invalid request: token is missing' },
  empty: { 'zh-CN': '聊天内容不能为空', en: 'chat content cannot be empty' },
  tooLong: {
    'zh-CN': `消息最多 ${CHAT_LIMITS.maxLength} 个字`,
    en: `Message is too long: at most ${CHAT_LIMITS.maxLength} characters`,
  },
  tooFast: {
    'zh-CN': '发言太快了，请稍后再试',
    en: 'You are sending messages too fast, please wait a moment',
  },
  blacklisted: {
    'zh-CN': '你已被禁言，无法在本直播间发言',
    en: 'You have been muted in this chat room and cannot send messages',
  },
  notOwner: { 'zh-CN': '只有活动主办方可以禁言观众', en: 'Only the event owner can blacklist viewers' },
  notSelf: { 'zh-CN': '不能禁言自己', en: 'You cannot blacklist yourself' },
  noViewer: { 'zh-CN': '该观众不存在', en: 'No such viewer' },
  noGift: { 'zh-CN': '该礼物不存在', en: 'No such gift' },
  noReward: { 'zh-CN': '请选择礼物或打赏金额', en: 'Choose a gift or an amount' },
} as const satisfies Record<string, LocalizedText>;

export type ChatMessage = {
  id: number;
  kind: ChatKind;
  user_id: number;
  nickname: string;
  content: string;
  gift_name: string;
  gift_name_en: string;
  gift_count: number;
  amount: number;
  packet_id: number;
  created_at: number;
};

/** Lines with their sender's nickname (a system line has no sender). */
const selectMessages = (sql: Sql) =>
  sql
    .selectFrom('chat_messages as m')
    .leftJoin('users as u', 'u.id', 'm.user_id')
    .select([
      'm.id',
      'm.kind',
      'm.user_id',
      'u.nickname',
      'm.content',
      'm.gift_name',
      'm.gift_name_en',
      'm.gift_count',
      'm.amount_cents',
      'm.packet_id',
      'm.created_at',
    ]);

type MessageRow = Awaited<ReturnType<ReturnType<typeof selectMessages>['executeTakeFirstOrThrow']>>;

const toMessage = (row: MessageRow): ChatMessage => ({
  id: row.id,
  kind: row.kind,
  user_id: row.user_id ?? 0,
  nickname: row.nickname ?? '',
  content: row.content,
  gift_name: row.gift_name,
  gift_name_en: row.gift_name_en,
  gift_count: row.gift_count,
  amount: row.amount_cents,
  packet_id: row.packet_id,
  created_at: row.created_at,
});

export type NewLine = {
  eventId: number;
  userId: number | null;
  kind: ChatKind;
  content?: string;
  giftName?: string;
  giftNameEn?: string;
  giftCount?: number;
  amountCents?: number;
  packetId?: number;
};

const lineQueries = {
  insert: prepared((sql, p) =>
    sql
      .insertInto('chat_messages')
      .values({
        event_id: p('event'),
        user_id: p('user'),
        kind: p('kind'),
        content: p('content'),
        gift_name: p('giftName'),
        gift_name_en: p('giftNameEn'),
        gift_count: p('giftCount'),
        amount_cents: p('amountCents'),
        packet_id: p('packetId'),
        created_at: p('now'),
      })
      .returning('id'),
  ),
  byId: prepared((sql, p) => selectMessages(sql).where('m.id', '=', p('id'))),
};

/**
 * Storing a line, written once and run two ways: on the query builder (a viewer's line) and synchronously on the
 * SQLite connection (inside a payment notification's transaction, see `insertChatLine`).
 */
function* storeLine(line: NewLine, now: number): Steps<ChatMessage> {
  const { id } = (yield first(lineQueries.insert, {
    event: line.eventId,
    user: line.userId,
    kind: line.kind,
    content: line.content ?? '',
    giftName: line.giftName ?? '',
    giftNameEn: line.giftNameEn ?? '',
    giftCount: line.giftCount ?? 0,
    amountCents: line.amountCents ?? 0,
    packetId: line.packetId ?? 0,
    now,
  })) as { id: number };
  return toMessage((yield first(lineQueries.byId, { id })) as MessageRow);
}

/** A query builder over a SQLite connection, to compile the queries the payment hooks run on it synchronously. */
const sqliteByDb = new WeakMap<Db, Sql>();
function sqliteFor(db: Db): Sql {
  let sql = sqliteByDb.get(db);
  if (!sql) sqliteByDb.set(db, (sql = sqliteSql(db)));
  return sql;
}

/**
 * Stores a line and returns it as the API shapes it; synchronous on the SQLite connection, for the payment hooks
 * (they run inside the payment notification's better-sqlite3 transaction).
 */
export function insertChatLine(db: Db, line: NewLine, now: number): ChatMessage {
  return runStepsSync(db, sqliteFor(db), storeLine(line, now));
}

/**
 * Publishes a line stored inside a transaction (a payment hook) once that transaction has committed: the check after
 * the current tick finds the row only if it was committed.
 */
export function publishAfterCommit(db: Db, eventToken: string, message: ChatMessage): void {
  setImmediate(() => {
    if (db.open && runStepsSync(db, sqliteFor(db), lineExists(message.id)))
      publishToEvent(db, eventToken, message);
  });
}

function* lineExists(id: number): Steps<boolean> {
  return Boolean(yield first(lineQueries.byId, { id }));
}

/**
 * Counts a send against the viewer's window, in the shared state (one window for every node: memory, or Redis with
 * REDIS_URL). Check and count are one step, so concurrent sends of one viewer cannot both pass the last place.
 */
async function checkRate(sql: Sql, userId: number, now: number): Promise<void> {
  const taken = await sharedStateOf(sql).takePlace(
    `chat:${userId}`,
    CHAT_LIMITS.burst,
    CHAT_LIMITS.windowMs,
    now,
  );
  if (!taken) throw new ApiFailure(XCODE.tooManyRequests, CHAT_MESSAGES.tooFast);
}

async function isBlacklisted(sql: Sql, eventId: number, userId: number): Promise<boolean> {
  const row = await sql
    .selectFrom('chat_blacklist')
    .select('user_id')
    .where('event_id', '=', eventId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row !== undefined;
}

// Control characters other than line breaks would let a line spoof layout; they are dropped.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL = /[\u0000-\u0009\u000b-\u001f\u007f]/g;

/** The one send path (HTTP and socket). */
export async function sendChatText(
  sql: Sql,
  db: Db,
  viewer: Viewer | null,
  token: unknown,
  content: unknown,
  now: number,
): Promise<ChatMessage> {
  if (!viewer) throw new ApiFailure(XCODE.loginRequired, CHAT_MESSAGES.loginRequired);
  if (typeof token !== 'string') throw new ApiFailure(XCODE.badRequest, CHAT_MESSAGES.noToken);
  const text = typeof content === 'string' ? content.replace(CONTROL, '').trim() : '';
  if (!text) throw new ApiFailure(XCODE.badRequest, CHAT_MESSAGES.empty);
  if ([...text].length > CHAT_LIMITS.maxLength) throw new ApiFailure(XCODE.badRequest, CHAT_MESSAGES.tooLong);
  const event = await loadEvent(sql, db, token);
  // The event's gates (password, payment, form, phone) apply to its chat too.
  if (!(await mayViewerWatch(sql, event, viewer, now))) throw new ApiFailure(GATED.xcode, GATED.texts);
  if (await isBlacklisted(sql, event.id, viewer.userId))
    throw new ApiFailure(XCODE.forbidden, CHAT_MESSAGES.blacklisted);
  await checkRate(sql, viewer.userId, now);
  const message = await runSteps(
    sql,
    storeLine({ eventId: event.id, userId: viewer.userId, kind: 'text', content: text }, now),
  );
  publishToEvent(db, event.token, message);
  return message;
}

/** The event owner, or a viewer holding the chat_admin permission, moderates the chat. */
export async function canModerate(sql: Sql, viewer: Viewer | null, ownerId: number): Promise<boolean> {
  if (!viewer) return false;
  if (viewer.userId === ownerId) return true;
  const row = await sql
    .selectFrom('users')
    .select('permissions')
    .where('id', '=', viewer.userId)
    .executeTakeFirst();
  return row ? (JSON.parse(row.permissions) as string[]).includes('chat_admin') : false;
}

type GiftRow = { id: number; name_zh: string; name_en: string; price_cents: number };

// A paid gift or tip appears in the chat for everyone.
onOrderPaid('reward', (db, order, now) => {
  const reward = db
    .prepare(
      `UPDATE rewards SET status = 1, paid_at = ? WHERE id = ? AND status = 0
       RETURNING event_id, user_id, gift_id, gift_count, amount_cents`,
    )
    .get(now, order.ref_id) as
    | { event_id: number; user_id: number; gift_id: number | null; gift_count: number; amount_cents: number }
    | undefined;
  if (!reward) return;
  const gift = reward.gift_id
    ? (db.prepare('SELECT * FROM gifts WHERE id = ?').get(reward.gift_id) as GiftRow | undefined)
    : undefined;
  const message = insertChatLine(
    db,
    {
      eventId: reward.event_id,
      userId: reward.user_id,
      kind: gift ? 'gift' : 'tip',
      giftName: gift?.name_zh,
      giftNameEn: gift?.name_en,
      giftCount: gift ? reward.gift_count : 0,
      amountCents: reward.amount_cents,
    },
    now,
  );
  const { token } = db.prepare('SELECT token FROM events WHERE id = ?').get(reward.event_id) as {
    token: string;
  };
  publishAfterCommit(db, token, message);
});

onSocketEvent('chat:send', ({ db, sql, viewer }, payload) => {
  const { token, content } = (payload ?? {}) as { token?: unknown; content?: unknown };
  return sendChatText(sql, db, viewer, token, content, Date.now());
});

const rewardQueries = {
  orderByKey: prepared((sql, p) =>
    sql
      .selectFrom('orders')
      .select('ref_id')
      .where('idempotency_key', '=', p('key'))
      .where('kind', '=', 'reward'),
  ),
  insert: prepared((sql, p) =>
    sql
      .insertInto('rewards')
      .values({
        event_id: p('event'),
        user_id: p('user'),
        gift_id: p('gift'),
        gift_count: p('count'),
        amount_cents: p('amountCents'),
        created_at: p('now'),
      })
      .returning('id'),
  ),
};

/** The reward an order pays: the one a retried request (same key) made before, else a new one. */
function* rewardFor(input: {
  key: string | undefined;
  eventId: number;
  userId: number;
  giftId: number | null;
  count: number;
  amountCents: number;
  now: number;
}): Steps<number> {
  if (input.key) {
    const existing = (yield first(rewardQueries.orderByKey, { key: input.key })) as
      { ref_id: number } | undefined;
    if (existing) return existing.ref_id;
  }
  const { id } = (yield first(rewardQueries.insert, {
    event: input.eventId,
    user: input.userId,
    gift: input.giftId,
    count: input.count,
    amountCents: input.amountCents,
    now: input.now,
  })) as { id: number };
  return id;
}

export function chatHandlers(
  db: Db,
  sql: Sql,
  credentials: WechatCredentials,
  now: () => number = Date.now,
): HandlerMap {
  return {
    async chatGetMsg(request) {
      const body = request.body as { token: string; before_id?: number; after_id?: number; limit?: number };
      const event = await loadEvent(sql, db, body.token);
      const viewer = await findViewer(sql, request);
      if (!(await mayViewerWatch(sql, event, viewer, now()))) throw new ApiFailure(GATED.xcode, GATED.texts);
      let rows: MessageRow[];
      let hasMore: boolean;
      if (body.after_id !== undefined) {
        // Gap fill after a reconnect: the lines after the last one the client holds, oldest first.
        const limit = body.limit ?? CHAT_LIMITS.gapFillPage;
        rows = await selectMessages(sql)
          .where('m.event_id', '=', event.id)
          .where('m.id', '>', body.after_id)
          .orderBy('m.id', 'asc')
          .limit(limit + 1)
          .execute();
        hasMore = rows.length > limit;
        rows = rows.slice(0, limit);
      } else {
        // History, paged upward from the newest line (or from before_id).
        const limit = body.limit ?? CHAT_LIMITS.historyPage;
        rows = await selectMessages(sql)
          .where('m.event_id', '=', event.id)
          .where('m.id', '<', body.before_id ?? Number.MAX_SAFE_INTEGER)
          .orderBy('m.id', 'desc')
          .limit(limit + 1)
          .execute();
        hasMore = rows.length > limit;
        rows = rows.slice(0, limit).reverse();
      }
      return ok({
        list: rows.map(toMessage),
        has_more: hasMore,
        can_moderate: await canModerate(sql, viewer, event.owner_id),
        blacklisted: viewer ? await isBlacklisted(sql, event.id, viewer.userId) : false,
      });
    },
    async chatSaveMsg(request) {
      const { token, content } = request.body as { token: string; content: string };
      return ok(await sendChatText(sql, db, await needViewer(sql, request), token, content, now()));
    },
    async chatBlacklist(request) {
      const viewer = await needViewer(sql, request);
      const body = request.body as { token: string; user_id: number; blacklisted?: boolean };
      const event = await loadEvent(sql, db, body.token);
      if (!(await canModerate(sql, viewer, event.owner_id)))
        throw new ApiFailure(XCODE.forbidden, CHAT_MESSAGES.notOwner);
      if (body.user_id === viewer.userId) throw new ApiFailure(XCODE.badRequest, CHAT_MESSAGES.notSelf);
      const user = await sql
        .selectFrom('users')
        .select('id')
        .where('id', '=', body.user_id)
        .executeTakeFirst();
      if (!user) throw new ApiFailure(XCODE.notFound, CHAT_MESSAGES.noViewer);
      const blacklisted = body.blacklisted ?? true;
      if (blacklisted)
        // The (event, viewer) primary key makes a repeated or concurrent mute one row.
        await sql
          .insertInto('chat_blacklist')
          .values({ event_id: event.id, user_id: body.user_id, by_user_id: viewer.userId, created_at: now() })
          .onConflict((conflict) => conflict.columns(['event_id', 'user_id']).doNothing())
          .execute();
      else
        await sql
          .deleteFrom('chat_blacklist')
          .where('event_id', '=', event.id)
          .where('user_id', '=', body.user_id)
          .execute();
      return ok({ user_id: body.user_id, blacklisted });
    },
    async videoGift(request) {
      await loadEvent(sql, db, (request.query as { token: string }).token);
      const gifts = await sql
        .selectFrom('gifts')
        .select(['id', 'name_zh', 'name_en', 'price_cents'])
        .orderBy('position')
        .orderBy('id')
        .execute();
      return ok({
        list: gifts.map((gift) => ({
          id: gift.id,
          name: gift.name_zh,
          name_en: gift.name_en,
          price: gift.price_cents,
        })),
      });
    },
    async videoReward(request) {
      const viewer = await needViewer(sql, request);
      const body = request.body as PayRequest & { gift_id?: number; count?: number; amount?: number };
      const event = await loadEvent(sql, db, body.token);
      let amountCents: number;
      const count = body.count ?? 1;
      if (body.gift_id !== undefined) {
        const gift = await sql
          .selectFrom('gifts')
          .select('price_cents')
          .where('id', '=', body.gift_id)
          .executeTakeFirst();
        if (!gift) throw new ApiFailure(XCODE.notFound, CHAT_MESSAGES.noGift);
        amountCents = gift.price_cents * count;
      } else if (body.amount !== undefined) {
        amountCents = body.amount;
      } else {
        throw new ApiFailure(XCODE.badRequest, CHAT_MESSAGES.noReward);
      }
      const at = now();
      const key = body.idempotency_key ? `reward:${viewer.userId}:${body.idempotency_key}` : undefined;
      // One synchronous transaction with createOrder, which is still on the SQLite connection (server/wechat/orders.ts):
      // a retry with the same key finds the order and makes no second reward. It moves to sql.transaction() with it.
      const order = db.transaction(() => {
        const rewardId = runStepsSync(
          db,
          sqliteFor(db),
          rewardFor({
            key,
            eventId: event.id,
            userId: viewer.userId,
            giftId: body.gift_id ?? null,
            count,
            amountCents,
            now: at,
          }),
        );
        return createOrder(db, {
          userId: viewer.userId,
          kind: 'reward',
          refId: rewardId,
          amountCents,
          idempotencyKey: key,
          now: at,
        });
      })();
      return ok(await payAnswer(order, body.t_type, credentials, at, request));
    },
  };
}
