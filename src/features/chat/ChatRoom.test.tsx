// @vitest-environment jsdom
import { EventEmitter } from 'node:events';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../lib/i18n';
import type { ChatAddOns, ChatMessage } from './types';

/** The one socket, as the room sees it: connected at once, acks every join. */
class FakeSocket extends EventEmitter {
  connected = true;
  recovered = false;
  connect() {}
  disconnect() {}
  off(event: string, listener: (...args: unknown[]) => void) {
    return this.removeListener(event, listener);
  }
}
const socket = new FakeSocket();
vi.mock('../../lib/socket', () => ({
  getSocket: () => socket,
  emitWithAck: () => Promise.resolve({ ok: true }),
}));

const line = (id: number): ChatMessage => ({
  id,
  kind: 'text',
  user_id: 1,
  nickname: 'n',
  content: `line ${id}`,
  gift_name: '',
  gift_name_en: '',
  gift_count: 0,
  amount: 0,
  packet_id: 0,
  status: 'shown',
  created_at: id,
});
vi.mock('../../lib/api', () => ({
  api: {
    post: () =>
      Promise.resolve({
        list: Array.from({ length: 30 }, (_, index) => line(index + 1)),
        has_more: false,
        can_moderate: false,
        blacklisted: false,
      }),
  },
}));

beforeAll(async () => {
  await initI18n('zh-CN');
});

const SCROLL_HEIGHT = 2000;
const CLIENT_HEIGHT = 300;

/** The room's scrolling does not depend on its gift and red-packet add-ons. */
const noAddOns: ChatAddOns = {
  GiftPopup: () => null,
  SendRedPacketPopup: () => null,
  RedPacketCard: () => null,
};

/** The room with its list given a box, scrolled to its end. */
async function openRoom() {
  const { ChatRoom } = await import('./ChatRoom');
  render(
    <MemoryRouter>
      <ChatRoom token="chat-scroll" addOns={noAddOns} />
    </MemoryRouter>,
  );
  // The room renders its store's changes as transitions, so the store holding the history does not mean the room has
  // rendered it: a line sent before that render would join the history in one commit, which the room rightly takes for
  // its first screen (no pill). The log stops being busy in the commit that renders the history.
  const list = screen.getByRole('log');
  await waitFor(() => expect(list.getAttribute('aria-busy')).toBe('false'), { timeout: 10_000 });
  let top = 0;
  Object.defineProperties(list, {
    scrollHeight: { configurable: true, get: () => SCROLL_HEIGHT },
    clientHeight: { configurable: true, get: () => CLIENT_HEIGHT },
    scrollTop: { configurable: true, get: () => top, set: (value: number) => (top = value) },
  });
  const scrollTo = (value: number) => {
    top = value;
    fireEvent.scroll(list);
  };
  scrollTo(SCROLL_HEIGHT - CLIENT_HEIGHT);
  return { list, scrollTo };
}

async function newLine(id: number) {
  await act(async () => {
    socket.emit('chat:batch', [line(id)]);
    await new Promise((resolve) => requestAnimationFrame(resolve));
  });
}

describe('chat room list', () => {
  it('stays at the end when the list itself scrolls up (rows above measured shorter); new lines get no pill', async () => {
    const { scrollTo } = await openRoom();
    // The virtualizer moving the rows up by what the rows above the view lost: no wheel, touch or key before it.
    scrollTo(SCROLL_HEIGHT - CLIENT_HEIGHT - 60);
    await newLine(31);
    expect(screen.queryByText(/条新消息/)).toBeNull();
  }, 30_000);

  it('counts new lines on the pill once the viewer scrolls up', async () => {
    const { list, scrollTo } = await openRoom();
    fireEvent.wheel(list, { deltaY: -400 });
    scrollTo(SCROLL_HEIGHT - CLIENT_HEIGHT - 400);
    await newLine(32);
    // The pill renders with the batch's commit, which a loaded machine may take past the frame above.
    expect(await screen.findByRole('button', { name: '1 条新消息' }, { timeout: 5_000 })).toBeTruthy();
  }, 30_000);
});
