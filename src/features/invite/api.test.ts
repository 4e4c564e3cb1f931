// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { launchStore } from '../../lib/launch';
import { recordArrivalInvite } from './api';

const mocks = vi.hoisted(() => ({ post: vi.fn(async () => ({ recorded: true })), viewer: vi.fn() }));
vi.mock('../../lib/api', () => ({ api: { post: mocks.post, get: vi.fn() } }));
vi.mock('../video/viewer', () => ({ loadViewer: mocks.viewer }));

const arriveWith = (inviteId: string) =>
  launchStore.update((draft) => {
    draft.videoToken = 'vod';
    draft.inviteId = inviteId;
  });

beforeEach(() => {
  localStorage.setItem('livev3:auth:vod', 'session-token');
  mocks.viewer.mockResolvedValue({ user_id: 7, phone: '', permissions: [] });
});
afterEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  vi.clearAllMocks();
});

describe('recordArrivalInvite', () => {
  it('records the inviter once per page session', async () => {
    arriveWith('42');
    expect(await recordArrivalInvite('vod')).toBe(true);
    expect(mocks.post).toHaveBeenCalledWith(
      '/v3/api/video/invite/sog',
      { token: 'vod', invite_id: 42 },
      expect.anything(),
    );
    expect(await recordArrivalInvite('vod')).toBe(false);
    expect(mocks.post).toHaveBeenCalledTimes(1);
  });

  it('never records my own link, an anonymous arrival or a malformed inviteId', async () => {
    arriveWith('7');
    expect(await recordArrivalInvite('vod')).toBe(false);
    arriveWith('abc');
    expect(await recordArrivalInvite('vod')).toBe(false);
    arriveWith('42');
    localStorage.clear();
    expect(await recordArrivalInvite('vod')).toBe(false);
    expect(mocks.post).not.toHaveBeenCalled();
  });
});
