import type { BlockProps } from '../types';
import { ContestGate } from '../../features/vote/ContestGate';
import { ScoreBoard } from '../../features/vote/ScoreBoard';

/** The judges' scores of `vote_id`, each player's score sheet on tap. */
export function VoteScores(_: BlockProps<'vote-scores'>) {
  return <ContestGate>{(contest) => <ScoreBoard voteId={contest.id} />}</ContestGate>;
}
