/**
 * Moderating an event's chat (owners and operators of the event's organisation: `chat_moderation`): deleting a line,
 * muting a viewer or the whole room, pinning an announcement, the sensitive-word list, pre-review (new lines wait for
 * approval) and the moderation log. Every action is written to chat_moderation_log (who, when, what) and what viewers
 * see changes at once on every node through services.realtime.signal:
 *
 * - `chat:deleted` `{ token, id }` to the event's room: the line leaves every page (and every history: its status is
 *   'deleted'; the log keeps it).
 * - `chat:room` `{ token, ...ChatRoomState }` to the event's room: everyone muted, pre-review, the pinned announcement.
 * - `chat:reviewed` `{ token, id, status }` to the sender's sockets: their waiting line was approved ('shown', and
 *   the line itself goes to the room with the other lines) or rejected ('rejected').
 * - `chat:muted` `{ token, muted }` to a muted (or unmuted) viewer's sockets.
 * - To the moderators' sockets (those that joined the room with `moderate: true`, server/realtime.ts):
 *   `chat:waiting` `{ token, line }` for each line stored waiting in pre-review, `chat:reviewed` `{ token, id, status }`
 *   for each decision, and `chat:muted` `{ token, user_id, muted }` for each mute and unmute, whoever made it.
 *
 * Approving and rejecting move a line out of 'waiting' with one conditional update: of concurrent approvals exactly
 * one changes the row, and only that one broadcasts the line. An approved line keeps its id (its place in the
 * history is when it was written).
 */
import type { ContractSchema } from '../contract/types.ts';
import type { Sql } from '../db/sql.ts';
import type { ChatStatus, ModerationAction } from '../db/tables/chat.ts';
import { ApiFailure, XCODE, type LocalizedText } from '../envelope.ts';
import type { Services } from '../services.ts';

/** The room's settings as viewers get them (chatGetMsg's `room`, the `chat:room` signal). */
export type ChatRoomState = ContractSchema<'ChatRoomState'>;

/** The room's settings with its sensitive words (moderators only). */
export type ChatRoomSettings = ChatRoomState & { words: string[] };

export const MODERATION_LIMITS = {
  /** The pinned announcement, in characters. */
  pinnedLength: 200,
  /** The sensitive-word list: words and characters per word. */
  words: 500,
  wordLength: 30,
  logPage: 50,
  waitingPage: 50,
  linesPage: 50,
} as const;

export const MODERATION_MESSAGES = {
  noLine: { 'zh-CN': '该消息不存在', en: 'No such chat line' },
  emptyPin: { 'zh-CN': '公告内容不能为空', en: 'The announcement cannot be empty' },
  pinTooLong: {
    'zh-CN': `公告最多 ${MODERATION_LIMITS.pinnedLength} 个字`,
    en: `The announcement is too long: at most ${MODERATION_LIMITS.pinnedLength} characters`,
  },
  tooManyWords: {
    'zh-CN': `敏感词最多 ${MODERATION_LIMITS.words} 个`,
    en: `At most ${MODERATION_LIMITS.words} sensitive words`,
  },
  wordTooLong: {
    'zh-CN': `每个敏感词最多 ${MODERATION_LIMITS.wordLength} 个字`,
    en: `A sensitive word has at most ${MODERATION_LIMITS.wordLength} characters`,
  },
  notWaiting: {
    'zh-CN': '该消息已审核过，不能再拒绝',
    en: 'This line has been reviewed already and can no longer be rejected',
  },
} as const satisfies Record<string, LocalizedText>;

const DEFAULT_ROOM: ChatRoomSettings = {
  muted: false,
  pre_review: false,
  pinned: '',
  pinned_at: 0,
  words: [],
};

// Control characters other than line breaks would let a text spoof layout; they are dropped.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
export const CONTROL = /[\u0000-\u0009\u000b-\u001f\u007f]/g;

const parseWords = (json: string): string[] => {
  try {
    const words: unknown = JSON.parse(json);
    return Array.isArray(words) ? words.filter((word): word is string => typeof word === 'string') : [];
  } catch {
    return [];
  }
};

/** The event's chat settings (the defaults when no moderator changed any). */
export async function roomSettings(sql: Sql, eventId: number): Promise<ChatRoomSettings> {
  const row = await sql
    .selectFrom('chat_rooms')
    .selectAll()
    .where('event_id', '=', eventId)
    .executeTakeFirst();
  if (!row) return { ...DEFAULT_ROOM, words: [] };
  return {
    muted: row.muted === 1,
    pre_review: row.pre_review === 1,
    pinned: row.pinned,
    pinned_at: Number(row.pinned_at),
    words: parseWords(row.words),
  };
}

export const viewerRoom = ({ muted, pre_review, pinned, pinned_at }: ChatRoomSettings): ChatRoomState => ({
  muted,
  pre_review,
  pinned,
  pinned_at,
});

type RoomPatch = Partial<{
  muted: number;
  pre_review: number;
  pinned: string;
  pinned_at: number;
  words: string;
}>;

async function patchRoom(sql: Sql, eventId: number, patch: RoomPatch, now: number): Promise<void> {
  await sql
    .insertInto('chat_rooms')
    .values({ event_id: eventId, ...patch, updated_at: now })
    .onConflict((conflict) => conflict.column('event_id').doUpdateSet({ ...patch, updated_at: now }))
    .execute();
}

/** Case and width do not hide a word: 'ＢＡＤ' and 'bad' are one word. */
const fold = (text: string) => text.normalize('NFKC').toLowerCase();

/** The first listed word the text contains, if any. */
export function sensitiveWordIn(text: string, words: readonly string[]): string | undefined {
  const folded = fold(text);
  return words.find((word) => word && folded.includes(fold(word)));
}

/** A list as a moderator sent it: trimmed, empty ones and repeats dropped, held to the limits. */
export function cleanWords(words: readonly string[]): string[] {
  const kept = new Map<string, string>();
  for (const raw of words) {
    const word = raw.replace(CONTROL, '').trim();
    if (!word) continue;
    if ([...word].length > MODERATION_LIMITS.wordLength)
      throw new ApiFailure(XCODE.badRequest, MODERATION_MESSAGES.wordTooLong);
    if (!kept.has(fold(word))) kept.set(fold(word), word);
  }
  if (kept.size > MODERATION_LIMITS.words)
    throw new ApiFailure(XCODE.badRequest, MODERATION_MESSAGES.tooManyWords);
  return [...kept.values()];
}

type Moderation = { eventId: number; eventToken: string; byUserId: number; now: number };
type ModerationServices = Pick<Services, 'sql' | 'realtime'>;

async function logAction(
  sql: Sql,
  who: Moderation,
  action: ModerationAction,
  what: { targetUserId?: number | null; messageId?: number | null; detail?: string } = {},
): Promise<void> {
  await sql
    .insertInto('chat_moderation_log')
    .values({
      event_id: who.eventId,
      by_user_id: who.byUserId,
      action,
      target_user_id: what.targetUserId ?? null,
      message_id: what.messageId ?? null,
      detail: what.detail ?? '',
      created_at: who.now,
    })
    .execute();
}

/** Tells the room its settings changed. */
async function announceRoom(services: ModerationServices, who: Moderation): Promise<ChatRoomState> {
  const state = viewerRoom(await roomSettings(services.sql, who.eventId));
  services.realtime.signal({ eventToken: who.eventToken }, 'chat:room', { token: who.eventToken, ...state });
  return state;
}

/** A line of the event, whatever its status. */
async function lineOf(sql: Sql, eventId: number, id: number) {
  const line = await sql
    .selectFrom('chat_messages')
    .select(['id', 'user_id', 'status', 'content'])
    .where('id', '=', id)
    .where('event_id', '=', eventId)
    .executeTakeFirst();
  if (!line) throw new ApiFailure(XCODE.notFound, MODERATION_MESSAGES.noLine);
  return line;
}

/** Deletes a line: out of every history and off every viewer's page. Deleting it again changes nothing. */
export async function deleteLine(
  services: ModerationServices,
  who: Moderation,
  id: number,
): Promise<{ id: number; deleted: boolean }> {
  const { sql } = services;
  const line = await lineOf(sql, who.eventId, id);
  const { numUpdatedRows } = await sql
    .updateTable('chat_messages')
    .set({ status: 'deleted' })
    .where('id', '=', id)
    .where('status', '!=', 'deleted')
    .executeTakeFirst();
  const deleted = numUpdatedRows > 0n;
  if (deleted) {
    await logAction(sql, who, 'delete', { targetUserId: line.user_id, messageId: id, detail: line.content });
    services.realtime.signal({ eventToken: who.eventToken }, 'chat:deleted', { token: who.eventToken, id });
  }
  return { id, deleted };
}

/** Logs a viewer's mute or unmute and tells that viewer's sockets. */
export async function viewerMuted(
  services: ModerationServices,
  who: Moderation,
  userId: number,
  muted: boolean,
): Promise<void> {
  await logAction(services.sql, who, muted ? 'mute' : 'unmute', { targetUserId: userId });
  services.realtime.signal({ userId }, 'chat:muted', { token: who.eventToken, muted });
  services.realtime.signal({ moderatorsOf: who.eventToken }, 'chat:muted', {
    token: who.eventToken,
    user_id: userId,
    muted,
  });
}

export async function muteEveryone(
  services: ModerationServices,
  who: Moderation,
  muted: boolean,
): Promise<ChatRoomState> {
  await patchRoom(services.sql, who.eventId, { muted: muted ? 1 : 0 }, who.now);
  await logAction(services.sql, who, muted ? 'mute_all' : 'unmute_all');
  return announceRoom(services, who);
}

export async function pinAnnouncement(
  services: ModerationServices,
  who: Moderation,
  content: string | null,
): Promise<ChatRoomState> {
  if (content === null) {
    await patchRoom(services.sql, who.eventId, { pinned: '', pinned_at: 0 }, who.now);
    await logAction(services.sql, who, 'unpin');
    return announceRoom(services, who);
  }
  const text = content.replace(CONTROL, '').trim();
  if (!text) throw new ApiFailure(XCODE.badRequest, MODERATION_MESSAGES.emptyPin);
  if ([...text].length > MODERATION_LIMITS.pinnedLength)
    throw new ApiFailure(XCODE.badRequest, MODERATION_MESSAGES.pinTooLong);
  await patchRoom(services.sql, who.eventId, { pinned: text, pinned_at: who.now }, who.now);
  await logAction(services.sql, who, 'pin', { detail: text });
  return announceRoom(services, who);
}

export async function replaceWords(
  services: ModerationServices,
  who: Moderation,
  words: readonly string[],
): Promise<string[]> {
  const cleaned = cleanWords(words);
  await patchRoom(services.sql, who.eventId, { words: JSON.stringify(cleaned) }, who.now);
  await logAction(services.sql, who, 'words', { detail: `${cleaned.length}` });
  return cleaned;
}

export async function setPreReview(
  services: ModerationServices,
  who: Moderation,
  on: boolean,
): Promise<ChatRoomState> {
  await patchRoom(services.sql, who.eventId, { pre_review: on ? 1 : 0 }, who.now);
  await logAction(services.sql, who, on ? 'review_on' : 'review_off');
  return announceRoom(services, who);
}

/**
 * Approves or rejects a waiting line. Exactly one of concurrent decisions changes it (`changed`); an approval that
 * changed it broadcasts the line, once. Approving a line approved already answers its status unchanged; rejecting
 * a line no longer waiting is refused.
 */
export async function reviewLine(
  services: ModerationServices & { publish: (line: { id: number }) => Promise<void> },
  who: Moderation,
  id: number,
  decision: 'shown' | 'rejected',
): Promise<{ id: number; status: ChatStatus; changed: boolean }> {
  const { sql } = services;
  const line = await lineOf(sql, who.eventId, id);
  const { numUpdatedRows } = await sql
    .updateTable('chat_messages')
    .set({ status: decision })
    .where('id', '=', id)
    .where('status', '=', 'waiting')
    .executeTakeFirst();
  if (numUpdatedRows === 0n) {
    const now = await lineOf(sql, who.eventId, id);
    if (decision === 'rejected' && now.status !== 'rejected')
      throw new ApiFailure(XCODE.badRequest, MODERATION_MESSAGES.notWaiting);
    return { id, status: now.status, changed: false };
  }
  await logAction(sql, who, decision === 'shown' ? 'approve' : 'reject', {
    targetUserId: line.user_id,
    messageId: id,
    detail: line.content,
  });
  if (decision === 'shown') await services.publish({ id });
  const reviewed = { token: who.eventToken, id, status: decision };
  if (line.user_id !== null) services.realtime.signal({ userId: line.user_id }, 'chat:reviewed', reviewed);
  services.realtime.signal({ moderatorsOf: who.eventToken }, 'chat:reviewed', reviewed);
  return { id, status: decision, changed: true };
}

export type ModerationLogEntry = ContractSchema<'ChatModerationEntry'>;

/** The event's moderation log, newest first, paged with `beforeId`. */
export async function moderationLog(
  sql: Sql,
  eventId: number,
  page: { beforeId?: number; limit?: number },
): Promise<{ list: ModerationLogEntry[]; hasMore: boolean }> {
  const limit = page.limit ?? MODERATION_LIMITS.logPage;
  const rows = await sql
    .selectFrom('chat_moderation_log as l')
    .leftJoin('users as u', 'u.id', 'l.by_user_id')
    .leftJoin('users as t', 't.id', 'l.target_user_id')
    .select([
      'l.id',
      'l.action',
      'l.by_user_id',
      'u.nickname as by_nickname',
      'l.target_user_id',
      't.nickname as target_nickname',
      'l.message_id',
      'l.detail',
      'l.created_at',
    ])
    .where('l.event_id', '=', eventId)
    .where('l.id', '<', page.beforeId ?? Number.MAX_SAFE_INTEGER)
    .orderBy('l.id', 'desc')
    .limit(limit + 1)
    .execute();
  return {
    list: rows.slice(0, limit).map((row) => ({
      id: row.id,
      action: row.action,
      by_user_id: row.by_user_id,
      by_nickname: row.by_nickname ?? '',
      target_user_id: row.target_user_id ?? 0,
      target_nickname: row.target_nickname ?? '',
      message_id: row.message_id ?? 0,
      detail: row.detail,
      created_at: Number(row.created_at),
    })),
    hasMore: rows.length > limit,
  };
}

/**
 * WeChat's content security check (wxa/msg_sec_check) of a viewer's line, when the mini program is configured with
 * real credentials (production); the local list applies either way. WeChat failing to answer lets the line through
 * (logged): the local list still held it.
 */
export async function riskyForWechat(
  services: Pick<Services, 'sql' | 'wechat'>,
  userId: number,
  text: string,
): Promise<boolean> {
  const { credentials, client, log } = services.wechat;
  if (!contentSecurityConfigured(credentials)) return false;
  const account = await services.sql
    .selectFrom('wechat_mini_accounts')
    .select('openid')
    .where('user_id', '=', userId)
    .orderBy('updated_at', 'desc')
    .executeTakeFirst();
  try {
    return (await client.msgSecCheck(text, account?.openid)).risky;
  } catch (error) {
    log(`WeChat content security check failed, the local list applied: ${String(error)}`);
    return false;
  }
}

/** Content security runs with the mini program's real credentials (or the emulator standing in for them by choice). */
export const contentSecurityConfigured = (credentials: Services['wechat']['credentials']) =>
  Boolean(credentials.miniAppId) && !credentials.sandbox;
