import '../../features/vote/messages';
import { useTranslation } from '../../lib/i18n';
import type { BlockProps } from '../types';
import { EmptyState } from '../../ui/empty-state/EmptyState';
import { ContestGate } from '../../features/vote/ContestGate';
import { usePlayerId } from '../../features/vote/contest-id';
import { PlayerDetailView } from '../../features/vote/PlayerDetailView';

/** One player of `vote_id` (`player_id`): photos, video, description, rank, votes, vote, share, poster. */
export function VotePlayer(_: BlockProps) {
  const { t } = useTranslation();
  const playerId = usePlayerId();
  if (playerId === null) return <EmptyState title={t('vote.noPlayer')} />;
  return <ContestGate>{(contest) => <PlayerDetailView contest={contest} playerId={playerId} />}</ContestGate>;
}
