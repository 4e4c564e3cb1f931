// @vitest-environment jsdom
import { EventEmitter } from 'node:events';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FLUSH_MS, LiveChat, mergeLines, type ChatLine } from './live-chat.ts';

const room = { muted: false, pre_review: false, pinned: '', pinned_at: 0 };

class FakeSocket extends EventEmitter {
  closed = false;
  override emit(event: string, ...args: unknown[]): boolean {
    if (event === 'join') (args[1] as (answer: { ok: boolean }) => void)({ ok: true });
    return super.emit(event, ...args);
  }
  close() {
    this.closed = true;
  }
}
const sockets: FakeSocket[] = [];
vi.mock('socket.io-client', () => ({
  io: () => {
    const socket = new FakeSocket();
    sockets.push(socket);
    return socket;
  },
}));

const line = (id: number, status: ChatLine['status'] = 'shown'): ChatLine => ({
  id,
  kind: 'text',
  user_id: 7,
  nickname: 'viewer',
  content: `line ${id}`,
  gift_name: '',
  gift_name_en: '',
  gift_count: 0,
  amount: 0,
  packet_id: 0,
  status,
  created_at: id,
});
const ids = (lines: readonly ChatLine[]) => lines.map((each) => each.id);

describe('mergeLines', () => {
  it('appends new lines, replaces a line seen again, keeps id order', () => {
    expect(ids(mergeLines([line(1), line(2)], [line(3), line(4)]))).toEqual([1, 2, 3, 4]);
    const merged = mergeLines([line(1), line(3)], [line(2), line(3, 'deleted')]);
    expect(ids(merged)).toEqual([1, 2, 3]);
    expect(merged[2].status).toBe('deleted');
  });

  it('holds at most max lines once past max + slack, the newest ones', () => {
    const held = Array.from({ length: 10 }, (_, i) => line(i + 1));
    expect(ids(mergeLines(held, [line(11), line(12)], 10, 2))).toHaveLength(12);
    expect(ids(mergeLines(held, [line(11), line(12), line(13)], 10, 2))).toEqual(
      Array.from({ length: 10 }, (_, i) => i + 4),
    );
  });
});

describe('LiveChat', () => {
  let frames: FrameRequestCallback[] = [];
  beforeEach(() => {
    frames = [];
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
    vi.stubGlobal('requestAnimationFrame', (run: FrameRequestCallback) => frames.push(run));
    vi.stubGlobal('cancelAnimationFrame', () => {});
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => ({
        json: async () => ({
          xcode: 200,
          msg: '',
          data: { list: [], has_more: false, room, words: [], muted_users: [3] },
        }),
      })),
    );
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });
  const runFrame = () => frames.splice(0).forEach((run) => run(0));

  it('merges every batch of a frame into one change, and marks deleted lines', async () => {
    const chat = new LiveChat('event-1', 5);
    const stop = chat.start();
    const socket = sockets.at(-1)!; // the mock made it in start()
    socket.emit('connect');
    await vi.waitFor(() => expect(chat.get().muted.has(3)).toBe(true));
    runFrame();
    vi.advanceTimersByTime(FLUSH_MS);
    const changes = vi.fn();
    chat.subscribe(changes);
    socket.emit('chat:batch', [line(1), line(2)]);
    socket.emit('chat:batch', [line(3)]);
    socket.emit('chat:deleted', { token: 'event-1', id: 2 });
    socket.emit('chat:deleted', { token: 'other-event', id: 1 });
    expect(changes).not.toHaveBeenCalled();
    expect(frames).toHaveLength(1);
    runFrame();
    expect(changes).toHaveBeenCalledTimes(1);
    expect(ids(chat.getLines())).toEqual([1, 2, 3]);
    expect(chat.getLines().map((each) => each.status)).toEqual(['shown', 'deleted', 'shown']);
    socket.emit('chat:room', { token: 'event-1', ...room, muted: true });
    expect(chat.getRoom()?.muted).toBe(true);
    stop();
    expect(socket.closed).toBe(true);
  });

  it("joins as a moderator and follows waiting lines, decisions and mutes from the moderators' signals", async () => {
    const chat = new LiveChat('event-1', 50);
    const stop = chat.start();
    const socket = sockets.at(-1)!; // the mock made it in start()
    const joins: unknown[] = [];
    socket.on('join', (payload) => joins.push(payload));
    socket.emit('connect');
    expect(joins).toEqual([{ token: 'event-1', watch: false, moderate: true }]);
    await vi.waitFor(() => expect(chat.get().muted.has(3)).toBe(true));
    socket.emit('chat:waiting', { token: 'event-1', line: line(9, 'waiting') });
    socket.emit('chat:waiting', { token: 'event-1', line: line(8, 'waiting') });
    socket.emit('chat:waiting', { token: 'other-event', line: line(7, 'waiting') });
    expect(ids(chat.getWaiting())).toEqual([8, 9]);
    socket.emit('chat:reviewed', { token: 'event-1', id: 8, status: 'rejected' });
    expect(ids(chat.getWaiting())).toEqual([9]);
    socket.emit('chat:muted', { token: 'event-1', user_id: 5, muted: true });
    socket.emit('chat:muted', { token: 'event-1', user_id: 3, muted: false });
    // The moderator's own mute (their viewer room's signal, no user_id) says nothing of the others.
    socket.emit('chat:muted', { token: 'event-1', muted: true });
    expect([...chat.getMuted()]).toEqual([5]);
    stop();
  });

  it('hands the page at most one change per FLUSH_MS, however often batches come', () => {
    const chat = new LiveChat('event-1', 50);
    const stop = chat.start();
    const socket = sockets.at(-1)!; // the mock made it in start()
    const changes = vi.fn();
    chat.subscribe(changes);
    socket.emit('chat:batch', [line(1)]);
    runFrame();
    expect(changes).toHaveBeenCalledTimes(1);
    // A batch 40 ms later waits until FLUSH_MS after the last change, then for a frame.
    vi.advanceTimersByTime(40);
    socket.emit('chat:batch', [line(2)]);
    socket.emit('chat:deleted', { token: 'event-1', id: 1 });
    expect(frames).toHaveLength(0);
    vi.advanceTimersByTime(FLUSH_MS - 41);
    expect(frames).toHaveLength(0);
    vi.advanceTimersByTime(1);
    expect(frames).toHaveLength(1);
    runFrame();
    expect(changes).toHaveBeenCalledTimes(2);
    expect(chat.getLines().map((each) => [each.id, each.status])).toEqual([
      [1, 'deleted'],
      [2, 'shown'],
    ]);
    // Closed while a change waits: nothing comes after.
    socket.emit('chat:batch', [line(3)]);
    stop();
    vi.advanceTimersByTime(FLUSH_MS);
    expect(frames).toHaveLength(0);
  });

  it('holds a bounded number of lines while no frame comes (a page in the background)', () => {
    const chat = new LiveChat('event-1', 5);
    chat.start();
    const socket = sockets.at(-1)!; // the mock made it in start()
    for (let id = 1; id <= 400; id++) socket.emit('chat:batch', [line(id)]);
    runFrame();
    expect(chat.getLines().length).toBeLessThanOrEqual(5 + 200);
    expect(chat.getLines().at(-1)?.id).toBe(400);
  });
});
