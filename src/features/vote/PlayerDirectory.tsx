import { useCallback } from 'react';
import { fetchPlayers } from './api';
import { useQueryInAddress } from './contest-id';
import { useLiveResets, useVotePolling } from './live-votes';
import { usePagedList } from '../../lib/paged';
import { PlayerFilters } from './PlayerFilters';
import { PlayerCard } from './PlayerCard';
import { WindowedList } from '../../ui/windowed-list/WindowedList';
import { useTranslation } from '../../lib/i18n';
import * as styles from './PlayerDirectory.css';
import { useResumePaidVotes } from './useResumePaidVotes';

const PAGE_SIZE = 40;
const ESTIMATED_ROW_PX = 300;

/**
 * The player list (vote_list): search and filters over the windowed grid, with live vote counts. The search and
 * filters live in the page's address (a refresh keeps them).
 */
export function PlayerDirectory({ voteId }: { voteId: number }) {
  const { t } = useTranslation();
  const [query, setQuery] = useQueryInAddress();
  const resets = useLiveResets();
  const fetchPage = useCallback(
    (page: number) => fetchPlayers(voteId, query, page, PAGE_SIZE),
    [voteId, query],
  );
  const list = usePagedList(JSON.stringify([voteId, query, resets]), fetchPage);
  useVotePolling(voteId);
  useResumePaidVotes(voteId);
  return (
    <section>
      <PlayerFilters voteId={voteId} query={query} onChange={setQuery} />
      <WindowedList
        list={list}
        label={t('vote.playerList')}
        columns={2}
        estimateRowPx={ESTIMATED_ROW_PX}
        rowClassName={styles.gridRow}
        itemKey={(player) => player.id}
        renderItem={(player) => <PlayerCard voteId={voteId} player={player} />}
        emptyText={t('vote.noPlayers')}
        endText={t('vote.end', { count: list.total })}
      />
    </section>
  );
}
