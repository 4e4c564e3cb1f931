import type { BlockProps } from '../types';
import { ContestGate } from '../../features/vote/ContestGate';
import { PlayerDirectory } from '../../features/vote/PlayerDirectory';

/** The player list (vote_list) of `vote_id`: search, team/group filters, windowed grid, vote buttons. */
export function VotePlayers(_: BlockProps<'vote-players'>) {
  return <ContestGate>{(contest) => <PlayerDirectory voteId={contest.id} />}</ContestGate>;
}
