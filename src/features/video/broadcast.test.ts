import { beforeEach, describe, expect, it, vi } from 'vitest';

const loadVideoDetail = vi.fn(async () => undefined);
vi.mock('./api', () => ({ loadVideoDetail }));

const { broadcastChanged, broadcastStore, isBroadcastLine } = await import('./broadcast');

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
});
