import '../../lib/messages';
/**
 * One event's chat room: history over HTTP, live lines over the one socket. Live batches are queued and merged into
 * the store once per animation frame (hundreds of lines a second re-render the list at most once a frame). After a
 * reconnect the server replays what was missed when it could recover the connection; otherwise the room re-joins and
 * fills the gap from history, starting a little before the newest line it has (see resume.ts). Duplicates are dropped
 * by id either way.
 */
import './messages';
import { castDraft } from 'immer';
import { api } from '../../lib/api';
import { ApiError } from '../../lib/api-client';
import { getAuthToken } from '../../lib/auth';
import { emitWithAck, getSocket } from '../../lib/socket';
import { createStore } from '../../lib/store';
import { toast } from '../../ui/toast/toast';
import { i18n, type TranslationKey } from '../../lib/i18n';
import { broadcastChanged, catchUpOnJoin, isBroadcastLine, type BroadcastAtJoin } from '../video/broadcast';
import { mergeMessages } from './merge';
import { createResumePoint } from './resume';
import type { ChatMessage, ChatRoomState } from './types';

/** Lines kept in memory (and in the windowed list); older ones are fetched again on 'load more'. */
const MAX_MESSAGES = 500;
/** How far the window may run over MAX_MESSAGES before it is cut back (see mergeMessages). */
const TRIM_SLACK = 100;
/** Gap-fill pages after a reconnect before giving up and reloading the newest page instead. */
const MAX_GAP_PAGES = 5;
export const MAX_MESSAGE_LENGTH = 200;
/** The server's answer to a viewer who has not passed a gated event's gates. */
const GATED_XCODE = 40320;
/** The server's refusals of a line in a room muted for everyone, and of a line with a sensitive word. */
const ROOM_MUTED_XCODE = 40321;
const SENSITIVE_XCODE = 40322;

export type ChatState = {
  token: string;
  messages: ChatMessage[];
  loaded: boolean;
  hasOlder: boolean;
  loadingOlder: boolean;
  canModerate: boolean;
  blacklisted: boolean;
  /** The event is gated (password, form, payment) and the viewer has not passed: the room stays closed (40320). */
  gated: boolean;
  connected: boolean;
  /** Lines that arrived live (not from history): the gift animation plays only for these. */
  liveGifts: ChatMessage[];
  /** The room's moderation: muted for everyone, pre-review, the pinned announcement (plain text). */
  room: ChatRoomState;
};

const OPEN_ROOM: ChatRoomState = { muted: false, pre_review: false, pinned: '', pinned_at: 0 };

const initial: ChatState = {
  token: '',
  messages: [],
  loaded: false,
  hasOlder: false,
  loadingOlder: false,
  canModerate: false,
  blacklisted: false,
  gated: false,
  connected: false,
  liveGifts: [],
  room: OPEN_ROOM,
};

export const chatStore = createStore<ChatState>(initial);
/** The open room's arrivals, for where a gap fill starts. */
let arrivals = createResumePoint();

function merge(incoming: ChatMessage[], live = false): void {
  // Live lines were counted as they arrived (before waiting for a frame).
  if (!live) arrivals.arrived(incoming.map((message) => message.id));
  // Merged from the plain state, not inside the recipe: reading 500 lines through immer's draft would make a proxy
  // per line on every frame.
  const { messages, trimmed } = mergeMessages(chatStore.get().messages, incoming, MAX_MESSAGES, TRIM_SLACK);
  const gifts = live ? incoming.filter((message) => message.kind === 'gift') : [];
  chatStore.update((draft) => {
    draft.messages = castDraft(messages);
    if (trimmed) draft.hasOlder = true;
    if (gifts.length) draft.liveGifts = castDraft([...chatStore.get().liveGifts, ...gifts].slice(-3));
  });
}

type HistoryQuery = { before_id?: number; after_id?: number };

function fetchHistory(token: string, query: HistoryQuery) {
  return api.post('/v3/api/chat/get/msg', { token, ...query }, { quiet: true });
}

async function loadNewest(token: string): Promise<void> {
  const page = await fetchHistory(token, {});
  arrivals.arrived(page.list.map((message) => message.id));
  chatStore.update((draft) => {
    draft.messages = castDraft(mergeMessages([], page.list, MAX_MESSAGES).messages);
    draft.hasOlder = page.has_more;
    draft.canModerate = page.can_moderate;
    draft.blacklisted = page.blacklisted;
    // An older server answers no room: an open one.
    draft.room = page.room ?? OPEN_ROOM;
    draft.loaded = true;
  });
}

async function fillGap(token: string, from: number): Promise<void> {
  for (let page = 0, after = from; page < MAX_GAP_PAGES; page++) {
    const answer = await fetchHistory(token, { after_id: after });
    merge(answer.list);
    if (!answer.has_more) return;
    after = answer.list.at(-1)?.id ?? after;
  }
  // Too far behind: start again from the newest page.
  await loadNewest(token);
}

export async function loadOlder(): Promise<number> {
  const { token, messages, loadingOlder, hasOlder } = chatStore.get();
  if (loadingOlder || !hasOlder || !messages.length) return 0;
  chatStore.update((draft) => {
    draft.loadingOlder = true;
  });
  try {
    const page = await fetchHistory(token, { before_id: messages[0].id });
    const before = chatStore.get().messages.length;
    // Older lines go first; the window then keeps the oldest ones the viewer asked for.
    const byId = new Map<number, ChatMessage>();
    for (const message of [...page.list, ...chatStore.get().messages]) byId.set(message.id, message);
    const merged = [...byId.values()].sort((a, b) => a.id - b.id).slice(0, MAX_MESSAGES);
    chatStore.update((draft) => {
      draft.messages = castDraft(merged);
      draft.hasOlder = page.has_more;
    });
    return chatStore.get().messages.length - before;
  } finally {
    chatStore.update((draft) => {
      draft.loadingOlder = false;
    });
  }
}

/** Opens the room for an event; answers the function that closes it. */
export function openChatRoom(token: string): () => void {
  chatStore.update(() => ({ ...initial, token }));
  arrivals = createResumePoint();
  const socket = getSocket();
  let queue: ChatMessage[] = [];
  /** Where the next gap fill starts, taken when the connection dropped. */
  let resumeAfter = 0;
  let frame = 0;
  let everConnected = false;
  let closed = false;

  const flush = () => {
    frame = 0;
    const lines = queue;
    queue = [];
    merge(lines, true);
  };
  const onBatch = (batch: ChatMessage[]) => {
    if (!Array.isArray(batch)) return;
    // The event's broadcast changes travel with the room's lines: the live room follows them (features/video).
    const items: readonly unknown[] = batch;
    const changes = items.filter(isBroadcastLine);
    const change = changes.at(-1);
    if (change) void broadcastChanged(change.state);
    const lines = changes.length ? batch.filter((line) => !isBroadcastLine(line)) : batch;
    if (!lines.length) return;
    arrivals.arrived(lines.map((line) => line.id));
    queue.push(...lines);
    frame ||= requestAnimationFrame(flush);
  };
  // Moderation (server/chat/moderation.ts): a deleted line leaves the page; the room's settings change; the viewer's
  // own waiting line was approved or rejected; the viewer was muted or unmuted.
  const forThisRoom = (payload: unknown): payload is { token: string } =>
    typeof payload === 'object' && payload !== null && 'token' in payload && payload.token === token;
  const onDeleted = (payload: { token: string; id: number }) => {
    if (!forThisRoom(payload)) return;
    // Lines still waiting for the next frame go too.
    queue = queue.filter((line) => line.id !== payload.id);
    chatStore.update((draft) => {
      draft.messages = castDraft(chatStore.get().messages.filter((line) => line.id !== payload.id));
    });
  };
  const onRoom = (payload: ChatRoomState & { token: string }) => {
    if (!forThisRoom(payload)) return;
    const { muted, pre_review, pinned, pinned_at } = payload;
    chatStore.update((draft) => {
      draft.room = { muted, pre_review, pinned, pinned_at };
    });
  };
  const onReviewed = (payload: { token: string; id: number; status: ChatMessage['status'] }) => {
    if (!forThisRoom(payload)) return;
    chatStore.update((draft) => {
      draft.messages = castDraft(
        chatStore
          .get()
          .messages.map((line) => (line.id === payload.id ? { ...line, status: payload.status } : line)),
      );
    });
  };
  const onMuted = (payload: { token: string; muted: boolean }) => {
    if (!forThisRoom(payload)) return;
    chatStore.update((draft) => {
      draft.blacklisted = payload.muted;
    });
  };
  const onConnect = async () => {
    chatStore.update((draft) => {
      draft.connected = true;
    });
    // A recovered connection is still in its room and has been sent what it missed.
    if (socket.recovered) return;
    // The organiser console's phone preview (this app in a frame, src/app/preview-theme.ts) follows the room
    // without counting as one of its viewers.
    const preview = window.self !== window.top && /[?&]preview_theme=/.test(window.location.hash);
    const joined = await emitWithAck<{ ok: boolean; xcode?: number; data?: { broadcast?: BroadcastAtJoin } }>(
      'join',
      preview ? { token, watch: false } : { token },
    ).catch(() => undefined);
    if (closed) return;
    if (joined?.data?.broadcast) void catchUpOnJoin(joined.data.broadcast);
    if (joined?.xcode === GATED_XCODE) {
      // Not an error to show: the room says so in place of its lines, and opens again once the gate is passed.
      chatStore.update((draft) => {
        draft.gated = true;
        draft.loaded = true;
      });
      return;
    }
    try {
      if (!everConnected || !chatStore.get().messages.length) await loadNewest(token);
      else await fillGap(token, resumeAfter);
    } catch {
      // History failed (network): the next reconnect tries again; live lines still arrive.
    }
    everConnected = true;
  };
  const onDisconnect = () => {
    resumeAfter = arrivals.after();
    chatStore.update((draft) => {
      draft.connected = false;
    });
  };

  socket.on('chat:batch', onBatch);
  socket.on('chat:deleted', onDeleted);
  socket.on('chat:room', onRoom);
  socket.on('chat:reviewed', onReviewed);
  socket.on('chat:muted', onMuted);
  socket.on('connect', onConnect);
  socket.on('disconnect', onDisconnect);
  if (socket.connected) void onConnect();
  else socket.connect();

  return () => {
    closed = true;
    if (frame) cancelAnimationFrame(frame);
    socket.off('chat:batch', onBatch);
    socket.off('chat:deleted', onDeleted);
    socket.off('chat:room', onRoom);
    socket.off('chat:reviewed', onReviewed);
    socket.off('chat:muted', onMuted);
    socket.off('connect', onConnect);
    socket.off('disconnect', onDisconnect);
    socket.disconnect();
    // The next room opened shows none of this one's lines, not even in its first render.
    chatStore.reset();
  };
}

/** The server's refusals of a line, in the viewer's language (the server is the authority; its msg is the fallback). */
const REFUSALS: Record<number, TranslationKey> = {
  403: 'chat.youAreMuted',
  429: 'chat.tooFast',
  [ROOM_MUTED_XCODE]: 'chat.roomMuted',
  [SENSITIVE_XCODE]: 'chat.sensitive',
};

function refused(xcode: number | undefined, msg: string): void {
  const key = xcode === undefined ? undefined : REFUSALS[xcode];
  if (xcode === 403)
    chatStore.update((draft) => {
      draft.blacklisted = true;
    });
  if (xcode === ROOM_MUTED_XCODE)
    chatStore.update((draft) => {
      draft.room.muted = true;
    });
  toast(key ? i18n.t(key) : msg || i18n.t('api.unknownError'));
}

/** Client-side checks first (the server checks again); answers whether the line was sent. */
export async function sendMessage(content: string): Promise<boolean> {
  const text = content.trim();
  if (!text) {
    toast(i18n.t('messages.chatEmpty'));
    return false;
  }
  if ([...text].length > MAX_MESSAGE_LENGTH) {
    toast(i18n.t('chat.tooLong', { max: MAX_MESSAGE_LENGTH }));
    return false;
  }
  const { token } = chatStore.get();
  const socket = getSocket();
  if (socket.connected && getAuthToken(token)) {
    const answer = await emitWithAck<{ ok: boolean; msg?: string; xcode?: number; data?: ChatMessage }>(
      'chat:send',
      {
        token,
        content: text,
      },
    ).catch(() => null);
    if (answer?.ok && answer.data) {
      merge([answer.data]);
      return true;
    }
    if (answer) {
      refused(answer.xcode, answer.msg ?? '');
      return false;
    }
  }
  // No socket (or no login yet): HTTP, which also runs the login check for a viewer who is not logged in.
  try {
    merge([
      await api.post(
        '/v3/api/chat/save/msg',
        { token, content: text },
        { login: true, quiet: true, noErrorToast: true },
      ),
    ]);
    return true;
  } catch (error) {
    if (error instanceof ApiError && error.kind === 'server') refused(error.xcode, error.message);
    else if (error instanceof ApiError && (error.kind === 'network' || error.kind === 'timeout'))
      toast(error.message);
    return false;
  }
}

/** A moderator deletes a line (it leaves every viewer's page through the room's chat:deleted). */
export async function deleteLine(id: number): Promise<void> {
  const { token } = chatStore.get();
  await api.post('/v3/api/chat/delete', { token, id }, { login: true });
  toast(i18n.t('chat.deleted'));
}

export async function blacklistViewer(userId: number): Promise<void> {
  const { token } = chatStore.get();
  await api.post('/v3/api/chat/blacklist', { token, user_id: userId }, { login: true });
  toast(i18n.t('chat.blacklisted'));
}
