/**
 * Vote counts of other viewers' votes, seen within seconds: the server chose cheap polling
 * (GET /v3/api/vote/changes every 3 s while the page is visible) over a socket push. Changed counts land in a
 * store keyed by player id that cards read through a selector, so one changed count re-renders one card, not the
 * 20,000-row list.
 */
import { useEffect } from 'react';
import { createStore, useStore } from '../../lib/store';
import { fetchChanges } from './api';

const POLL_INTERVAL_MS = 3000;

type LiveVotes = {
  voteId: number;
  version: number;
  /** The first poll has answered: later answers describe changes the page has not seen. */
  baseline: boolean;
  totalVotes: number | null;
  votes: Record<number, number>;
  resets: number;
};

export const liveVotesStore = createStore<LiveVotes>({
  voteId: 0,
  version: 0,
  baseline: false,
  totalVotes: null,
  votes: {},
  resets: 0,
});

/** A count the viewer's own action produced (a vote, a paid vote) shows at once, before the next poll. */
export function setLiveVotes(voteId: number, playerId: number, votes: number): void {
  liveVotesStore.update((draft) => {
    if (draft.voteId !== voteId) return;
    draft.votes[playerId] = Math.max(draft.votes[playerId] ?? 0, votes);
  });
}

/** The freshest count: the polled one when there is one, else what the page loaded. */
export function useLiveVotes(playerId: number, loaded: number): number {
  return useStore(liveVotesStore, (state) => state.votes[playerId] ?? loaded);
}

export function useLiveTotalVotes(loaded: number): number {
  return useStore(liveVotesStore, (state) => state.totalVotes ?? loaded);
}

/** The server's vote version: moves whenever any count in the contest changed. */
export function useLiveVersion(): number {
  return useStore(liveVotesStore, (state) => state.version);
}

/** Bumps when the server says too much changed to list: lists then refetch. */
export function useLiveResets(): number {
  return useStore(liveVotesStore, (state) => state.resets);
}

export async function pollOnce(voteId: number): Promise<void> {
  const state = liveVotesStore.get();
  if (state.voteId !== voteId) {
    liveVotesStore.update(() => ({
      voteId,
      version: 0,
      baseline: false,
      totalVotes: null,
      votes: {},
      resets: 0,
    }));
  }
  const since = liveVotesStore.get().version;
  const changes = await fetchChanges(voteId, since);
  liveVotesStore.update((draft) => {
    if (draft.voteId !== voteId) return;
    draft.totalVotes = changes.total_votes;
    // since=0 answers a baseline without players. Past the first poll that means votes arrived while the contest
    // still stood at version 0: which players changed is unknown, so lists refetch, as on a reset.
    const unknownChanges = since === 0 && draft.baseline && changes.version > 0;
    if ((changes.reset && since > 0) || unknownChanges) {
      draft.votes = {};
      draft.resets += 1;
    }
    draft.baseline = true;
    for (const player of changes.players) draft.votes[player.id] = player.votes;
    draft.version = changes.version;
  });
}

/** Polls one contest every POLL_INTERVAL_MS while the page is visible; returns the stop function. */
function startPolling(voteId: number): () => void {
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let running = false;
  const tick = async () => {
    if (stopped || running) return;
    running = true;
    if (document.visibilityState === 'visible') await pollOnce(voteId).catch(() => {});
    running = false;
    if (!stopped) timer = setTimeout(tick, POLL_INTERVAL_MS);
  };
  void tick();
  const onVisible = () => {
    if (document.visibilityState === 'visible') {
      clearTimeout(timer);
      void tick();
    }
  };
  document.addEventListener('visibilitychange', onVisible);
  return () => {
    stopped = true;
    clearTimeout(timer);
    document.removeEventListener('visibilitychange', onVisible);
  };
}

/** One poller per contest however many components ask (the counts live in one shared store). */
const pollers = new Map<number, { users: number; stop(): void }>();

/** Polls while mounted and the page is visible. */
export function useVotePolling(voteId: number | null): void {
  useEffect(() => {
    if (voteId === null) return;
    const poller = pollers.get(voteId) ?? { users: 0, stop: startPolling(voteId) };
    poller.users += 1;
    pollers.set(voteId, poller);
    return () => {
      poller.users -= 1;
      if (poller.users === 0) {
        poller.stop();
        pollers.delete(voteId);
      }
    };
  }, [voteId]);
}
