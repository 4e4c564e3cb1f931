import { beforeEach, describe, expect, it, vi } from 'vitest';

const loadVideoDetail = vi.fn(async () => undefined);
vi.mock('./api', () => ({ loadVideoDetail }));

const { broadcastChanged, broadcastStore, catchUpOnJoin, isBroadcastLine } = await import('./broadcast');
const { videoStore } = await import('./store');

describe('broadcast changes pushed into the room', () => {
  beforeEach(() => {
    loadVideoDetail.mockClear();
    broadcastStore.update((draft) => {
      draft.notice = null;
    });
  });

  it('tells broadcast lines from chat lines', () => {
    expect(isBroadcastLine({ kind: 'broadcast', state: 'live' })).toBe(true);
    expect(isBroadcastLine({ kind: 'broadcast', state: 'exploded' })).toBe(false);
    expect(isBroadcastLine({ id: 1, kind: 'text', content: 'broadcast' })).toBe(false);
    expect(isBroadcastLine(null)).toBe(false);
  });

  it('reloads the detail on every change and keeps the notice the detail cannot say', async () => {
    await broadcastChanged('reconnecting');
    expect(broadcastStore.get().notice).toBe('reconnecting');
    await broadcastChanged('live');
    expect(broadcastStore.get().notice).toBeNull();
    await broadcastChanged('ended');
    expect(broadcastStore.get().notice).toBe('ended');
    await broadcastChanged('replay');
    expect(broadcastStore.get().notice).toBeNull();
    expect(loadVideoDetail).toHaveBeenCalledTimes(4);
    expect(loadVideoDetail).toHaveBeenCalledWith({ quiet: true });
  });

  it('catches up on a change pushed before the room joined: the detail is reloaded only when the join says otherwise', async () => {
    const shown = { live_status: 0, live_url: '', replay_url: '' };
    videoStore.update((draft) => {
      draft.info = shown as unknown as typeof draft.info;
    });
    expect(catchUpOnJoin({ live_status: 0, live: false, replay: false })).toBeUndefined();
    expect(loadVideoDetail).not.toHaveBeenCalled();
    await catchUpOnJoin({ live_status: 1, live: true, replay: false });
    await catchUpOnJoin({ live_status: 0, live: false, replay: true });
    expect(loadVideoDetail).toHaveBeenCalledTimes(2);
    videoStore.update((draft) => {
      draft.info = null;
    });
    expect(catchUpOnJoin({ live_status: 1, live: true, replay: false })).toBeUndefined();
  });
});
