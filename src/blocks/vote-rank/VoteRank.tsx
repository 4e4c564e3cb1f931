import type { BlockProps } from '../types';
import { ContestGate } from '../../features/vote/ContestGate';
import { RankBoard } from '../../features/vote/RankBoard';
import { TeamRankBoard } from '../../features/vote/TeamRankBoard';

/** Rankings of `vote_id`: players by votes, or teams by their players' votes. Also the channel rank page. */
export function VoteRank({ props }: BlockProps<'vote-rank'>) {
  return (
    <ContestGate>
      {(contest) =>
        props.by === 'teams' ? <TeamRankBoard voteId={contest.id} /> : <RankBoard voteId={contest.id} />
      }
    </ContestGate>
  );
}
