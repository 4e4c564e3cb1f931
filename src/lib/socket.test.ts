// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';

type Auth = (send: (data: object) => void) => void;
const opened = vi.hoisted(() => ({
  options: null as { auth?: Auth } | null,
  connected: true,
  emitted: [] as unknown[][],
}));
vi.mock('socket.io-client', () => ({
  io: (_origin: string, options: { auth?: Auth }) => {
    opened.options = options;
    return {
      get connected() {
        return opened.connected;
      },
      emit: (...args: unknown[]) => opened.emitted.push(args),
    };
  },
}));

const { getSocket } = await import('./socket');
const { launchStore } = await import('./launch');

const handshake = () => {
  let sent: object | undefined;
  opened.options?.auth?.((data) => (sent = data));
  return sent;
};

describe('the socket', () => {
  it("sends the app's language in the handshake and each switch while connected", () => {
    launchStore.update((draft) => {
      draft.locale = 'zh-CN';
    });
    getSocket();
    expect(handshake()).toMatchObject({ locale: 'zh-CN' });
    launchStore.update((draft) => {
      draft.locale = 'en';
    });
    expect(opened.emitted).toEqual([['locale', 'en']]);
    // A reconnect's handshake carries the language of the moment.
    expect(handshake()).toMatchObject({ locale: 'en' });
    // Disconnected, nothing is sent: the next handshake says it.
    opened.connected = false;
    launchStore.update((draft) => {
      draft.locale = 'zh-CN';
    });
    expect(opened.emitted).toHaveLength(1);
    expect(handshake()).toMatchObject({ locale: 'zh-CN' });
  });
});
