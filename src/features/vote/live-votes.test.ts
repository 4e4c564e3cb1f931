// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';

const fetchChanges = vi.fn();
vi.mock('./api', () => ({ fetchChanges: (...args: unknown[]) => fetchChanges(...args) }));

const { liveVotesStore, pollOnce, setLiveVotes } = await import('./live-votes');

const answer = (version: number, players: { id: number; votes: number }[], reset = false) => ({
  version,
  total_votes: 100 + version,
  reset,
  players,
});

describe('live vote counts', () => {
  afterEach(() => {
    fetchChanges.mockReset();
    liveVotesStore.reset();
  });

  it('passes the last version as since and keeps the changed counts', async () => {
    fetchChanges
      .mockResolvedValueOnce(answer(4, []))
      .mockResolvedValueOnce(answer(6, [{ id: 9, votes: 11 }]));
    await pollOnce(2);
    await pollOnce(2);
    expect(fetchChanges.mock.calls).toEqual([
      [2, 0],
      [2, 4],
    ]);
    expect(liveVotesStore.get()).toMatchObject({ version: 6, totalVotes: 106, votes: { 9: 11 }, resets: 0 });
  });

  it('asks lists to refetch on a reset, and when votes arrived while the contest stood at version 0', async () => {
    fetchChanges
      .mockResolvedValueOnce(answer(0, []))
      .mockResolvedValueOnce(answer(1, []))
      .mockResolvedValueOnce(answer(9, [], true));
    await pollOnce(2);
    expect(liveVotesStore.get().resets).toBe(0);
    await pollOnce(2);
    expect(liveVotesStore.get().resets).toBe(1);
    await pollOnce(2);
    expect(liveVotesStore.get().resets).toBe(2);
  });

  it('shows the viewer their own vote at once, never lowering a newer count', async () => {
    fetchChanges.mockResolvedValueOnce(answer(3, [{ id: 5, votes: 40 }]));
    await pollOnce(2);
    setLiveVotes(2, 5, 38);
    expect(liveVotesStore.get().votes[5]).toBe(40);
    setLiveVotes(2, 5, 41);
    expect(liveVotesStore.get().votes[5]).toBe(41);
  });
});

describe('useVotePolling', () => {
  it('polls a contest once however many components ask, and stops with the last', async () => {
    const { renderHook } = await import('@testing-library/react');
    const { useVotePolling } = await import('./live-votes');
    fetchChanges.mockResolvedValue(answer(1, []));
    const first = renderHook(() => useVotePolling(7));
    const second = renderHook(() => useVotePolling(7));
    await Promise.resolve();
    expect(fetchChanges).toHaveBeenCalledTimes(1);
    first.unmount();
    second.unmount();
    fetchChanges.mockReset();
    liveVotesStore.reset();
  });
});
