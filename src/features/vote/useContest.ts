import { useEffect, useState } from 'react';
import { loadContest, type Contest } from './api';
import { useVote } from './store';

/**
 * Loads in flight by vote_id and target: blocks of one page that mount together (the contest's head and its players)
 * ask once.
 */
const inFlight = new Map<string, Promise<Contest | null>>();

function loadShared(voteId: number, target: 'info' | 'sign'): Promise<Contest | null> {
  const key = `${voteId}:${target}`;
  let load = inFlight.get(key);
  if (!load) {
    load = loadContest(voteId, target).finally(() => inFlight.delete(key));
    inFlight.set(key, load);
  }
  return load;
}

/**
 * The contest of the page, loaded once per vote_id into the vote store (vote info, or sign info on the sign-up page).
 * `failed` is true when the contest does not exist or could not load.
 */
export function useContest(voteId: number | null, target: 'info' | 'sign' = 'info') {
  const stored = useVote((state) =>
    target === 'sign' ? state.voteSignInfo : state.voteInfo,
  ) as Contest | null;
  const contest = stored && voteId !== null && stored.id === voteId ? stored : null;
  // The vote_id whose load failed: a later vote_id starts clean without resetting state in the effect.
  const [failedId, setFailedId] = useState<number | null>(null);
  useEffect(() => {
    if (voteId === null) return;
    let live = true;
    loadShared(voteId, target)
      .then((result) => {
        if (live && !result) setFailedId(voteId);
      })
      .catch(() => {
        if (live) setFailedId(voteId);
      });
    return () => {
      live = false;
    };
  }, [voteId, target]);
  return { contest, failed: voteId === null || (failedId === voteId && !contest) };
}
