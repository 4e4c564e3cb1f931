/**
 * The chat of an event: its lines (stored, read back page by page, published to the event's room), who may send
 * (logged in, past the event's gates, not muted, not too fast) and who moderates. The server is the authority: it
 * refuses empty, too long and too fast lines and lines from muted viewers, whatever the client does. Sending works
 * over HTTP and over the socket (chat:send) through the same function; every stored line goes to the event's room
 * (batched by server/realtime.ts).
 */
import { LOGIN_REQUIRED, type Viewer } from '../accounts/sessions.ts';
import type { ContractSchema } from '../contract/types.ts';
import { one, prepared, runSteps, type Steps } from '../db/prepared.ts';
import type { Sql } from '../db/sql.ts';
import type { ChatKind, ChatStatus } from '../db/tables/chat.ts';
import { ApiFailure, XCODE, type LocalizedText } from '../envelope.ts';
import { organiserMay } from '../organisations/roles.ts';
import { GATED, type SocketHandler } from '../realtime.ts';
import { loadEvent, mayViewerWatch } from '../events/routes.ts';
import type { Services } from '../services.ts';
import type { SharedState } from '../shared/state.ts';
import type { PaidContext } from '../wechat/orders.ts';
import { riskyForWechat, roomSettings, sensitiveWordIn } from './moderation.ts';

export type { ChatKind };

export const CHAT_LIMITS = {
  maxLength: 200,
  /** At most `burst` messages per viewer within `windowMs`. */
  burst: 5,
  windowMs: 5000,
  historyPage: 30,
  gapFillPage: 100,
} as const;

/** The chat's own refusal codes (beside the gate's 40320): everyone muted, a sensitive word. */
export const CHAT_XCODE = { roomMuted: 40321, sensitive: 40322 } as const;

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
  roomMuted: {
    'zh-CN': '主办方已开启全员禁言，暂时无法发言',
    en: 'The organiser has muted the chat for everyone: you cannot send messages for now',
  },
  sensitive: {
    'zh-CN': '消息包含不允许发送的内容，请修改后再发',
    en: 'Your message contains words that are not allowed here: change it and send again',
  },
  notSelf: { 'zh-CN': '不能禁言自己', en: 'You cannot blacklist yourself' },
  noViewer: { 'zh-CN': '该观众不存在', en: 'No such viewer' },
  noGift: { 'zh-CN': '该礼物不存在', en: 'No such gift' },
  noReward: { 'zh-CN': '请选择礼物或打赏金额', en: 'Choose a gift or an amount' },
} as const satisfies Record<string, LocalizedText>;

/** A chat line as the contract and the socket's messages carry it. */
export type ChatMessage = ContractSchema<'ChatMessage'>;

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
      'm.status',
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
  status: row.status,
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
  /** 'waiting' in a pre-reviewed room; shown otherwise. */
  status?: ChatStatus;
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
        status: p('status'),
        created_at: p('now'),
      })
      .returning('id'),
  ),
  byId: prepared((sql, p) => selectMessages(sql).where('m.id', '=', p('id'))),
};

function* storeLine(line: NewLine, now: number): Steps<ChatMessage> {
  const { id } = yield* one(lineQueries.insert, {
    event: line.eventId,
    user: line.userId,
    kind: line.kind,
    content: line.content ?? '',
    giftName: line.giftName ?? '',
    giftNameEn: line.giftNameEn ?? '',
    giftCount: line.giftCount ?? 0,
    amountCents: line.amountCents ?? 0,
    packetId: line.packetId ?? 0,
    status: line.status ?? 'shown',
    now,
  });
  return toMessage(yield* one(lineQueries.byId, { id }));
}

/** A stored line as the contract carries it, whatever its status. */
export async function messageById(sql: Sql, id: number): Promise<ChatMessage> {
  return toMessage(await selectMessages(sql).where('m.id', '=', id).executeTakeFirstOrThrow());
}

/**
 * A line for something paid (a gift, a tip, a red packet), stored on the payment's transaction and published to the
 * event's room once that transaction has committed.
 */
export async function announcePaid(trx: Sql, paid: PaidContext, line: NewLine, now: number): Promise<void> {
  const message = await runSteps(trx, storeLine(line, now));
  const { token } = await trx
    .selectFrom('events')
    .select('token')
    .where('id', '=', line.eventId)
    .executeTakeFirstOrThrow();
  paid.afterCommit(({ realtime }) => realtime.publish(token, message));
}

/**
 * Whose lines a page holds: a viewer's (the shown lines and their own waiting or rejected ones; `viewerId` null for
 * an anonymous viewer), or a moderator's (`all`: every line, deleted ones included, each with its status).
 */
export type LinesFor = { viewerId: number | null } | 'all';

const visibleTo = (query: ReturnType<typeof selectMessages>, readers: LinesFor) => {
  if (readers === 'all') return query;
  const { viewerId } = readers;
  return viewerId === null
    ? query.where('m.status', '=', 'shown')
    : query.where((where) =>
        where.or([
          where('m.status', '=', 'shown'),
          where.and([where('m.user_id', '=', viewerId), where('m.status', 'in', ['waiting', 'rejected'])]),
        ]),
      );
};

/** A page of the event's lines: upward from the newest (or from `beforeId`), or after `afterId` (gap fill). */
export async function chatLines(
  sql: Sql,
  eventId: number,
  page: { beforeId?: number; afterId?: number; limit?: number },
  readers: LinesFor = { viewerId: null },
): Promise<{ list: ChatMessage[]; hasMore: boolean }> {
  if (page.afterId !== undefined) {
    // Gap fill after a reconnect: the lines after the last one the client holds, oldest first.
    const limit = page.limit ?? CHAT_LIMITS.gapFillPage;
    const rows = await visibleTo(selectMessages(sql), readers)
      .where('m.event_id', '=', eventId)
      .where('m.id', '>', page.afterId)
      .orderBy('m.id', 'asc')
      .limit(limit + 1)
      .execute();
    return { list: rows.slice(0, limit).map(toMessage), hasMore: rows.length > limit };
  }
  // History, paged upward from the newest line (or from before_id).
  const limit = page.limit ?? CHAT_LIMITS.historyPage;
  const rows = await visibleTo(selectMessages(sql), readers)
    .where('m.event_id', '=', eventId)
    .where('m.id', '<', page.beforeId ?? Number.MAX_SAFE_INTEGER)
    .orderBy('m.id', 'desc')
    .limit(limit + 1)
    .execute();
  return { list: rows.slice(0, limit).reverse().map(toMessage), hasMore: rows.length > limit };
}

/**
 * Counts a send against the viewer's window, in the shared state (one window for every node: memory, or Redis with
 * REDIS_URL). Check and count are one step, so concurrent sends of one viewer cannot both pass the last place.
 */
async function checkRate(shared: SharedState, userId: number, now: number): Promise<void> {
  const taken = await shared.takePlace(`chat:${userId}`, CHAT_LIMITS.burst, CHAT_LIMITS.windowMs, now);
  if (!taken) throw new ApiFailure(XCODE.tooManyRequests, CHAT_MESSAGES.tooFast);
}

export async function isBlacklisted(sql: Sql, eventId: number, userId: number): Promise<boolean> {
  const row = await sql
    .selectFrom('chat_blacklist')
    .select('user_id')
    .where('event_id', '=', eventId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Mutes (or unmutes) a viewer in the event's chat. The (event, viewer) primary key makes a repeated or concurrent
 * mute one row.
 */
export async function setBlacklisted(
  sql: Sql,
  input: { eventId: number; userId: number; byUserId: number; blacklisted: boolean; now: number },
): Promise<void> {
  const user = await sql.selectFrom('users').select('id').where('id', '=', input.userId).executeTakeFirst();
  if (!user) throw new ApiFailure(XCODE.notFound, CHAT_MESSAGES.noViewer);
  if (input.blacklisted)
    await sql
      .insertInto('chat_blacklist')
      .values({
        event_id: input.eventId,
        user_id: input.userId,
        by_user_id: input.byUserId,
        created_at: input.now,
      })
      .onConflict((conflict) => conflict.columns(['event_id', 'user_id']).doNothing())
      .execute();
  else
    await sql
      .deleteFrom('chat_blacklist')
      .where('event_id', '=', input.eventId)
      .where('user_id', '=', input.userId)
      .execute();
}

// Control characters other than line breaks would let a line spoof layout; they are dropped.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL = /[\u0000-\u0009\u000b-\u001f\u007f]/g;

/**
 * The one send path (HTTP and socket). A room muted for everyone refuses viewers' lines (its moderators still
 * speak); a line holding one of the event's sensitive words (or, with WeChat's content security configured, one
 * WeChat judges risky) is refused, never masked; in a pre-reviewed room a viewer's line is stored as waiting and
 * answered to the sender only, until a moderator approves it (server/chat/moderation.ts).
 */
export async function sendChatText(
  services: Pick<Services, 'sql' | 'shared' | 'realtime' | 'events' | 'wechat'>,
  viewer: Viewer | null,
  token: unknown,
  content: unknown,
  now: number,
): Promise<ChatMessage> {
  const { sql, events } = services;
  if (!viewer) throw new ApiFailure(XCODE.loginRequired, CHAT_MESSAGES.loginRequired);
  if (typeof token !== 'string') throw new ApiFailure(XCODE.badRequest, CHAT_MESSAGES.noToken);
  const text = typeof content === 'string' ? content.replace(CONTROL, '').trim() : '';
  if (!text) throw new ApiFailure(XCODE.badRequest, CHAT_MESSAGES.empty);
  if ([...text].length > CHAT_LIMITS.maxLength) throw new ApiFailure(XCODE.badRequest, CHAT_MESSAGES.tooLong);
  const event = await loadEvent(events, token);
  // The event's gates (password, payment, form, phone) apply to its chat too.
  if (!(await mayViewerWatch(sql, event, viewer, now))) throw new ApiFailure(GATED.xcode, GATED.texts);
  if (await isBlacklisted(sql, event.id, viewer.userId))
    throw new ApiFailure(XCODE.forbidden, CHAT_MESSAGES.blacklisted);
  const room = await roomSettings(sql, event.id);
  const moderator = room.muted || room.pre_review ? await canModerate(sql, viewer, event) : false;
  if (room.muted && !moderator) throw new ApiFailure(CHAT_XCODE.roomMuted, CHAT_MESSAGES.roomMuted);
  await checkRate(services.shared, viewer.userId, now);
  if (
    sensitiveWordIn(text, room.words) !== undefined ||
    (await riskyForWechat(services, viewer.userId, text))
  )
    throw new ApiFailure(CHAT_XCODE.sensitive, CHAT_MESSAGES.sensitive);
  const status = room.pre_review && !moderator ? 'waiting' : 'shown';
  const message = await runSteps(
    sql,
    storeLine({ eventId: event.id, userId: viewer.userId, kind: 'text', content: text, status }, now),
  );
  // A waiting line goes to the room once approved. A shown one is answered once it has left this node, so an
  // acknowledged line reaches every node's viewers.
  if (status === 'shown') await services.realtime.publish(event.token, message);
  // A waiting line reaches the moderators' consoles alone, on every node, until one approves or rejects it.
  else
    services.realtime.signal({ moderatorsOf: event.token }, 'chat:waiting', {
      token: event.token,
      line: message,
    });
  return message;
}

/**
 * Staff of the event's organisation whose role moderates the chat (owners and operators) moderate it; the refusal
 * is ORGANISER_REFUSALS.chat_moderation (server/organisations/roles.ts).
 */
export async function canModerate(
  sql: Sql,
  viewer: Viewer | null,
  event: { organisation_id: number | null },
): Promise<boolean> {
  return viewer ? organiserMay(sql, viewer.userId, event.organisation_id, 'chat_moderation') : false;
}

/** The chat's socket events: chat:send, the same send path as the HTTP call. */
export function chatSocketHandlers(
  services: Pick<Services, 'sql' | 'now' | 'shared' | 'realtime' | 'events' | 'wechat'>,
): Record<string, SocketHandler> {
  return {
    'chat:send': ({ viewer }, payload) => {
      const fields = typeof payload === 'object' && payload !== null ? payload : {};
      const token = 'token' in fields ? fields.token : undefined;
      const content = 'content' in fields ? fields.content : undefined;
      return sendChatText(services, viewer, token, content, services.now());
    },
  };
}
