import { useEffect, useState } from 'react';
import { loadContest, type Contest } from './api';
import { useVote } from './store';

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
    loadContest(voteId, target)
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
