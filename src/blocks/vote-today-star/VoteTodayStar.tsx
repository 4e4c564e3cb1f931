import type { BlockProps } from '../types';
import { ContestGate } from '../../features/vote/ContestGate';
import { TodayStars } from '../../features/vote/TodayStars';

type Props = { limit?: number };

/** Today's star of `vote_id`: the day's top players by votes received today. Opens without login. */
export function VoteTodayStar({ props }: BlockProps<Props>) {
  return (
    <ContestGate>{(contest) => <TodayStars voteId={contest.id} limit={props.limit ?? 10} />}</ContestGate>
  );
}
