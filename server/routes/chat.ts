/**
 * Chat, moderation, gifts and tips. The server is the authority: it refuses empty, too long and too fast messages and
 * messages from blacklisted viewers, whatever the client does. Sending works over HTTP and over the socket (chat:send)
 * through the same function; every stored line is published to the event's room (batched by server/realtime.ts).
 */
import { optionalViewer, requireViewer, type Viewer } from '../auth/sessions.ts';
import type { HandlerMap } from '../contract/register.ts';
import type { Db } from '../db/database.ts';
import { ApiFailure, ok, XCODE } from '../envelope.ts';
import { onSocketEvent, publishToEvent } from '../realtime.ts';
import { createOrder, onOrderPaid } from '../wechat/orders.ts';
import type { WechatCredentials } from '../wechat/credentials.ts';
import { payAnswer, type PayRequest } from '../redpack/pay.ts';
import { findEvent } from './video.ts';

export const CHAT_LIMITS = {
  maxLength: 200,
  /** At most `burst` messages per viewer within `windowMs`. */
  burst: 5,
  windowMs: 5000,
  historyPage: 30,
  gapFillPage: 100,
} as const;

export const CHAT_MESSAGES = {
  empty: 'chat content cannot be empty',
  tooLong: `Message is too long: at most ${CHAT_LIMITS.maxLength} characters`,
  tooFast: 'You are sending messages too fast, please wait a moment',
  blacklisted: 'You have been muted in this chat room and cannot send messages',
  notOwner: 'Only the event owner can blacklist viewers',
  notSelf: 'You cannot blacklist yourself',
} as const;

export type ChatKind = 'text' | 'gift' | 'tip' | 'system' | 'redpack';

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

type MessageRow = Omit<ChatMessage, 'user_id' | 'nickname' | 'amount'> & {
  user_id: number | null;
  nickname: string | null;
  amount_cents: number;
};

const SELECT_MESSAGE = `SELECT m.id, m.kind, m.user_id, u.nickname, m.content, m.gift_name, m.gift_name_en,
  m.gift_count, m.amount_cents, m.packet_id, m.created_at
  FROM chat_messages m LEFT JOIN users u ON u.id = m.user_id`;

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

/** Stores a line and returns it as the API shapes it. */
export function insertChatLine(db: Db, line: NewLine, now: number): ChatMessage {
  const { lastInsertRowid } = db
    .prepare(
      `INSERT INTO chat_messages (event_id, user_id, kind, content, gift_name, gift_name_en, gift_count, amount_cents,
         packet_id, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    )
    .run(
      line.eventId,
      line.userId,
      line.kind,
      line.content ?? '',
      line.giftName ?? '',
      line.giftNameEn ?? '',
      line.giftCount ?? 0,
      line.amountCents ?? 0,
      line.packetId ?? 0,
      now,
    );
  return toMessage(db.prepare(`${SELECT_MESSAGE} WHERE m.id = ?`).get(lastInsertRowid) as MessageRow);
}

/**
 * Publishes a line stored inside a transaction (a payment hook) once that transaction has committed: the check after
 * the current tick finds the row only if it was committed.
 */
export function publishAfterCommit(db: Db, eventToken: string, message: ChatMessage): void {
  setImmediate(() => {
    if (db.open && db.prepare('SELECT 1 FROM chat_messages WHERE id = ?').get(message.id))
      publishToEvent(db, eventToken, message);
  });
}

/** Sliding-window send limit per viewer, per database (each test server has its own). */
const recentSends = new WeakMap<Db, Map<number, number[]>>();

function checkRate(db: Db, userId: number, now: number): void {
  let perUser = recentSends.get(db);
  if (!perUser) recentSends.set(db, (perUser = new Map()));
  const recent = (perUser.get(userId) ?? []).filter((at) => now - at < CHAT_LIMITS.windowMs);
  if (recent.length >= CHAT_LIMITS.burst) {
    perUser.set(userId, recent);
    throw new ApiFailure(XCODE.tooManyRequests, CHAT_MESSAGES.tooFast);
  }
  recent.push(now);
  perUser.set(userId, recent);
}

const isBlacklisted = (db: Db, eventId: number, userId: number) =>
  Boolean(db.prepare('SELECT 1 FROM chat_blacklist WHERE event_id = ? AND user_id = ?').get(eventId, userId));

// Control characters other than line breaks would let a line spoof layout; they are dropped.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL = /[\u0000-\u0009\u000b-\u001f\u007f]/g;

/** The one send path (HTTP and socket). */
export function sendChatText(db: Db, viewer: Viewer | null, token: unknown, content: unknown, now: number) {
  if (!viewer) throw new ApiFailure(XCODE.loginRequired, 'Please log in first');
  if (typeof token !== 'string') throw new ApiFailure(XCODE.badRequest, 'Invalid request: token is missing');
  const text = typeof content === 'string' ? content.replace(CONTROL, '').trim() : '';
  if (!text) throw new ApiFailure(XCODE.badRequest, CHAT_MESSAGES.empty);
  if ([...text].length > CHAT_LIMITS.maxLength) throw new ApiFailure(XCODE.badRequest, CHAT_MESSAGES.tooLong);
  const event = findEvent(db, token);
  if (isBlacklisted(db, event.id, viewer.userId))
    throw new ApiFailure(XCODE.forbidden, CHAT_MESSAGES.blacklisted);
  checkRate(db, viewer.userId, now);
  const message = insertChatLine(
    db,
    { eventId: event.id, userId: viewer.userId, kind: 'text', content: text },
    now,
  );
  publishToEvent(db, event.token, message);
  return message;
}

/** The event owner, or a viewer holding the chat_admin permission, moderates the chat. */
export function canModerate(db: Db, viewer: Viewer | null, ownerId: number): boolean {
  if (!viewer) return false;
  if (viewer.userId === ownerId) return true;
  const row = db.prepare('SELECT permissions FROM users WHERE id = ?').get(viewer.userId) as
    { permissions: string } | undefined;
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

onSocketEvent('chat:send', ({ db, viewer }, payload) => {
  const { token, content } = (payload ?? {}) as { token?: unknown; content?: unknown };
  return sendChatText(db, viewer, token, content, Date.now());
});

export function chatHandlers(
  db: Db,
  credentials: WechatCredentials,
  now: () => number = Date.now,
): HandlerMap {
  const olderPage = db.prepare(
    `${SELECT_MESSAGE} WHERE m.event_id = ? AND m.id < ? ORDER BY m.id DESC LIMIT ?`,
  );
  const newerPage = db.prepare(
    `${SELECT_MESSAGE} WHERE m.event_id = ? AND m.id > ? ORDER BY m.id ASC LIMIT ?`,
  );
  return {
    chatGetMsg(request) {
      const body = request.body as { token: string; before_id?: number; after_id?: number; limit?: number };
      const event = findEvent(db, body.token);
      const viewer = optionalViewer(db, request);
      let rows: MessageRow[];
      let hasMore: boolean;
      if (body.after_id !== undefined) {
        const limit = body.limit ?? CHAT_LIMITS.gapFillPage;
        rows = newerPage.all(event.id, body.after_id, limit + 1) as MessageRow[];
        hasMore = rows.length > limit;
        rows = rows.slice(0, limit);
      } else {
        const limit = body.limit ?? CHAT_LIMITS.historyPage;
        rows = olderPage.all(event.id, body.before_id ?? Number.MAX_SAFE_INTEGER, limit + 1) as MessageRow[];
        hasMore = rows.length > limit;
        rows = rows.slice(0, limit).reverse();
      }
      return ok({
        list: rows.map(toMessage),
        has_more: hasMore,
        can_moderate: canModerate(db, viewer, event.owner_id),
        blacklisted: viewer ? isBlacklisted(db, event.id, viewer.userId) : false,
      });
    },
    chatSaveMsg(request) {
      const { token, content } = request.body as { token: string; content: string };
      return ok(sendChatText(db, requireViewer(db, request), token, content, now()));
    },
    chatBlacklist(request) {
      const viewer = requireViewer(db, request);
      const body = request.body as { token: string; user_id: number; blacklisted?: boolean };
      const event = findEvent(db, body.token);
      if (!canModerate(db, viewer, event.owner_id))
        throw new ApiFailure(XCODE.forbidden, CHAT_MESSAGES.notOwner);
      if (body.user_id === viewer.userId) throw new ApiFailure(XCODE.badRequest, CHAT_MESSAGES.notSelf);
      if (!db.prepare('SELECT 1 FROM users WHERE id = ?').get(body.user_id))
        throw new ApiFailure(XCODE.notFound, 'No such viewer');
      const blacklisted = body.blacklisted ?? true;
      if (blacklisted)
        db.prepare(
          'INSERT OR IGNORE INTO chat_blacklist (event_id, user_id, by_user_id, created_at) VALUES (?, ?, ?, ?)',
        ).run(event.id, body.user_id, viewer.userId, now());
      else
        db.prepare('DELETE FROM chat_blacklist WHERE event_id = ? AND user_id = ?').run(
          event.id,
          body.user_id,
        );
      return ok({ user_id: body.user_id, blacklisted });
    },
    videoGift(request) {
      findEvent(db, (request.query as { token: string }).token);
      const gifts = db.prepare('SELECT * FROM gifts ORDER BY position, id').all() as GiftRow[];
      return ok({
        list: gifts.map((gift) => ({
          id: gift.id,
          name: gift.name_zh,
          name_en: gift.name_en,
          price: gift.price_cents,
        })),
      });
    },
    videoReward(request) {
      const viewer = requireViewer(db, request);
      const body = request.body as PayRequest & { gift_id?: number; count?: number; amount?: number };
      const event = findEvent(db, body.token);
      let amountCents: number;
      const count = body.count ?? 1;
      if (body.gift_id !== undefined) {
        const gift = db.prepare('SELECT * FROM gifts WHERE id = ?').get(body.gift_id) as GiftRow | undefined;
        if (!gift) throw new ApiFailure(XCODE.notFound, 'No such gift');
        amountCents = gift.price_cents * count;
      } else if (body.amount !== undefined) {
        amountCents = body.amount;
      } else {
        throw new ApiFailure(XCODE.badRequest, 'Choose a gift or an amount');
      }
      const at = now();
      const key = body.idempotency_key ? `reward:${viewer.userId}:${body.idempotency_key}` : undefined;
      const order = db.transaction(() => {
        const existing = key
          ? db.prepare("SELECT ref_id FROM orders WHERE idempotency_key = ? AND kind = 'reward'").get(key)
          : undefined;
        const rewardId = existing
          ? (existing as { ref_id: number }).ref_id
          : Number(
              db
                .prepare(
                  'INSERT INTO rewards (event_id, user_id, gift_id, gift_count, amount_cents, created_at) VALUES (?, ?, ?, ?, ?, ?)',
                )
                .run(event.id, viewer.userId, body.gift_id ?? null, count, amountCents, at).lastInsertRowid,
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
      return ok(payAnswer(order, body.t_type, credentials, at));
    },
  };
}
