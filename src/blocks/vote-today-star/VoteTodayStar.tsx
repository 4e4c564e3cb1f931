import type { BlockProps } from '../types';
import { ContestGate } from '../../features/vote/ContestGate';
import { usePlayerId } from '../../features/vote/contest-id';
import { PlayerDetailView } from '../../features/vote/PlayerDetailView';
import { TodayStars } from '../../features/vote/TodayStars';

/**
 * Today's star of `vote_id`: the day's top players by votes received today. Opens without login. A poster's QR code
 * lands here with `player_id`: that player shows first, with the vote button.
 */
export function VoteTodayStar({ props }: BlockProps<'vote-today-star'>) {
  const playerId = usePlayerId();
  return (
    <ContestGate>
      {(contest) => (
        <>
          {playerId !== null ? <PlayerDetailView contest={contest} playerId={playerId} /> : null}
          <TodayStars voteId={contest.id} limit={props.limit} />
        </>
      )}
    </ContestGate>
  );
}
