/**
 * Vote store: the contest (vote info) and the contest of the sign-up page (sign info); filled by the voting features.
 */
import { createStore, useStore } from '../../lib/store';

export type VoteState = {
  voteId: string;
  dataId: string;
  voteUserData: unknown;
  voteInfo: unknown;
  voteSignInfo: unknown;
  searchNumber: string;
  homeUserListSearch: string;
  playerInfo: unknown;
  signInMaskName: string;
  bonusData: unknown;
  bonusUser: unknown;
};

export const voteStore = createStore<VoteState>({
  voteId: '',
  dataId: '',
  voteUserData: null,
  voteInfo: null,
  voteSignInfo: null,
  searchNumber: '',
  homeUserListSearch: '',
  playerInfo: null,
  signInMaskName: '',
  bonusData: null,
  bonusUser: null,
});

export function useVote<T>(selector: (state: VoteState) => T): T {
  return useStore(voteStore, selector);
}
