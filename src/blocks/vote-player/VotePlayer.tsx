import '../../features/vote/messages';
import { useTranslation } from '../../lib/i18n';
import type { BlockProps } from '../types';
import { button } from '../../ui/button/button.css';
import { EmptyState } from '../../ui/empty-state/EmptyState';
import { ComplaintLink } from '../../features/account/ComplaintLink';
import { SaveButton } from '../../features/account/SaveButton';
import { ContestGate } from '../../features/vote/ContestGate';
import { usePlayerId } from '../../features/vote/contest-id';
import { PlayerDetailView } from '../../features/vote/PlayerDetailView';

/**
 * One player of `vote_id` (`player_id`): photos, video, description, rank, votes, vote, share, poster, save to the
 * viewer's collection and complain about the player.
 */
export function VotePlayer(_: BlockProps<'vote-player'>) {
  const { t } = useTranslation();
  const playerId = usePlayerId();
  if (playerId === null) return <EmptyState title={t('vote.noPlayer')} />;
  return (
    <ContestGate>
      {(contest) => {
        const target = `${contest.id}:${playerId}`;
        return (
          <PlayerDetailView
            contest={contest}
            playerId={playerId}
            actions={
              <>
                <SaveButton kind="player" target={target} />
                <ComplaintLink
                  kind="player"
                  target={target}
                  className={button({ tone: 'secondary', size: 'compact' })}
                />
              </>
            }
          />
        );
      }}
    </ContestGate>
  );
}
