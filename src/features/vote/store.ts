/**
 * Vote store: the contest (vote info) and the contest of the sign-up page (sign info); filled by the voting features.
 * The spec's other vote-store entries live where they are used: the viewer's votes in the contest's `mine`, the player
 * (dataId, player info) in the player page's link and answer, the list's search in the list's address, the sign-up's
 * name in its answer, the daily bonus in its own feature.
 */
import { createStore, useStore } from '../../lib/store';

export type VoteState = {
  voteId: string;
  voteInfo: unknown;
  voteSignInfo: unknown;
};

export const voteStore = createStore<VoteState>({
  voteId: '',
  voteInfo: null,
  voteSignInfo: null,
});

export function useVote<T>(selector: (state: VoteState) => T): T {
  return useStore(voteStore, selector);
}
