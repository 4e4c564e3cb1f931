// @vitest-environment jsdom
import { EventEmitter } from 'node:events';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ChatMessage } from './types';

/** A stand-in for the one socket: events the test fires, acks it answers, and the recovered flag. */
class FakeSocket extends EventEmitter {
  connected = false;
  recovered = false;
  emitted: { event: string; payload: unknown }[] = [];
  connect() {
    this.connected = true;
    this.emit('connect');
  }
  disconnect() {
    this.connected = false;
  }
  off(event: string, listener: (...args: unknown[]) => void) {
    return this.removeListener(event, listener);
  }
}
const socket = new FakeSocket();
const history = vi.fn();

vi.mock('../../lib/socket', () => ({
  getSocket: () => socket,
  emitWithAck: (event: string, payload: unknown) => {
    socket.emitted.push({ event, payload });
    return Promise.resolve({ ok: true });
  },
}));
vi.mock('../../lib/api', () => ({ api: { post: (...args: unknown[]) => history(...args) } }));

const line = (id: number): ChatMessage => ({
  id,
  kind: 'text',
  user_id: 1,
  nickname: 'n',
  content: `m${id}`,
  gift_name: '',
  gift_name_en: '',
  gift_count: 0,
  amount: 0,
  packet_id: 0,
  status: 'shown',
  created_at: id,
});
const page = (ids: number[], hasMore = false) => ({
  list: ids.map(line),
  has_more: hasMore,
  can_moderate: false,
  blacklisted: false,
});
const frame = () => new Promise((resolve) => requestAnimationFrame(() => resolve(undefined)));
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

const { chatStore, openChatRoom } = await import('./room');
const { RESUME_OVERLAP_MS } = await import('./resume');
const ids = () => chatStore.get().messages.map((message) => message.id);

let close: () => void;
beforeEach(async () => {
  vi.useFakeTimers({ toFake: ['Date'] });
  history.mockReset();
  history.mockResolvedValueOnce(page([1, 2, 3], true));
  socket.emitted = [];
  socket.recovered = false;
  close = openChatRoom('chat-test');
  await settle();
});
afterEach(() => {
  close();
  vi.useRealTimers();
});

describe('chat room', () => {
  it("takes moderation as it happens: a deleted line goes, the room's settings and the own line's review apply", async () => {
    expect(chatStore.get().room).toEqual({ muted: false, pre_review: false, pinned: '', pinned_at: 0 });
    socket.emit('chat:batch', [line(4)]);
    // Deleted while still waiting for its frame, and one already shown; another room's deletion changes nothing.
    socket.emit('chat:deleted', { token: 'chat-test', id: 4 });
    socket.emit('chat:deleted', { token: 'chat-test', id: 2 });
    socket.emit('chat:deleted', { token: 'other', id: 1 });
    await frame();
    expect(ids()).toEqual([1, 3]);
    socket.emit('chat:room', {
      token: 'chat-test',
      muted: true,
      pre_review: true,
      pinned: '<b>hi</b>',
      pinned_at: 5,
    });
    expect(chatStore.get().room).toEqual({
      muted: true,
      pre_review: true,
      pinned: '<b>hi</b>',
      pinned_at: 5,
    });
    chatStore.update((draft) => {
      draft.messages.push({ ...line(9), status: 'waiting' });
    });
    socket.emit('chat:reviewed', { token: 'chat-test', id: 9, status: 'rejected' });
    expect(chatStore.get().messages.at(-1)?.status).toBe('rejected');
    socket.emit('chat:muted', { token: 'chat-test', muted: true });
    expect(chatStore.get().blacklisted).toBe(true);
  });

  it('joins the event room, then loads the newest page', () => {
    expect(socket.emitted[0]).toEqual({ event: 'join', payload: { token: 'chat-test' } });
    expect(history).toHaveBeenCalledWith('/v3/api/chat/get/msg', { token: 'chat-test' }, { quiet: true });
    expect(ids()).toEqual([1, 2, 3]);
    expect(chatStore.get().hasOlder).toBe(true);
  });

  it('merges live batches once per frame, without duplicates', async () => {
    const updates = vi.fn();
    const unsubscribe = chatStore.subscribe(updates);
    socket.emit('chat:batch', [line(3), line(4)]);
    socket.emit('chat:batch', [line(5), line(4)]);
    expect(updates).not.toHaveBeenCalled();
    await frame();
    expect(updates).toHaveBeenCalledTimes(1);
    expect(ids()).toEqual([1, 2, 3, 4, 5]);
    unsubscribe();
  });

  it('after a reconnect without recovery: re-joins and fills the gap after the newest line', async () => {
    vi.advanceTimersByTime(RESUME_OVERLAP_MS);
    socket.emit('disconnect');
    history.mockResolvedValueOnce(page([4, 5], true)).mockResolvedValueOnce(page([6]));
    socket.emit('connect');
    await settle();
    await settle();
    expect(socket.emitted.filter((sent) => sent.event === 'join')).toHaveLength(2);
    expect(history).toHaveBeenNthCalledWith(
      2,
      '/v3/api/chat/get/msg',
      { token: 'chat-test', after_id: 3 },
      {
        quiet: true,
      },
    );
    expect(history).toHaveBeenNthCalledWith(
      3,
      '/v3/api/chat/get/msg',
      { token: 'chat-test', after_id: 5 },
      {
        quiet: true,
      },
    );
    expect(ids()).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('fills from before lines that arrived just before the drop: one from another node may still have been on its way', async () => {
    vi.advanceTimersByTime(RESUME_OVERLAP_MS);
    // Line 5 (saved on one node) arrives while line 4 (saved on another) is still in flight; then the socket drops.
    socket.emit('chat:batch', [line(5)]);
    await frame();
    socket.emit('disconnect');
    history.mockResolvedValueOnce(page([4, 5, 6]));
    socket.emit('connect');
    await settle();
    await settle();
    expect(history).toHaveBeenLastCalledWith(
      '/v3/api/chat/get/msg',
      { token: 'chat-test', after_id: 3 },
      { quiet: true },
    );
    expect(ids()).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('a room that has just opened fills from before its oldest line', async () => {
    socket.emit('disconnect');
    history.mockResolvedValueOnce(page([1, 2, 3]));
    socket.emit('connect');
    await settle();
    await settle();
    expect(history).toHaveBeenLastCalledWith(
      '/v3/api/chat/get/msg',
      { token: 'chat-test', after_id: 0 },
      { quiet: true },
    );
    expect(ids()).toEqual([1, 2, 3]);
  });

  it('after a recovered reconnect: fetches nothing (the server replays what was missed)', async () => {
    socket.emit('disconnect');
    socket.recovered = true;
    socket.emit('connect');
    await settle();
    expect(history).toHaveBeenCalledTimes(1);
    expect(socket.emitted.filter((sent) => sent.event === 'join')).toHaveLength(1);
  });
});
