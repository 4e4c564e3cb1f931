import { useCallback, useEffect, useState } from 'react';
import { fetchPlayers, type PlayerQuery } from './api';
import { useLinkedQuery } from './contest-id';
import { useLiveResets, useVotePolling } from './live-votes';
import { usePagedList } from './paged';
import { PlayerFilters } from './PlayerFilters';
import { PlayerCard } from './PlayerCard';
import { WindowedList } from './WindowedList';
import { useTranslation } from '../../lib/i18n';
import * as styles from './vote.css';
import { voteStore } from './store';
import { useResumePaidVotes } from './useResumePaidVotes';

const PAGE_SIZE = 40;
const ESTIMATED_ROW_PX = 300;

/** The player list (vote_list): search and filters over the windowed grid, with live vote counts. */
export function PlayerDirectory({ voteId }: { voteId: number }) {
  const { t } = useTranslation();
  const linked = useLinkedQuery();
  const [query, setQuery] = useState<PlayerQuery>(() => ({
    ...linked,
    keyword: linked.keyword || voteStore.get().homeUserListSearch,
  }));
  const resets = useLiveResets();
  const fetchPage = useCallback(
    (page: number) => fetchPlayers(voteId, query, page, PAGE_SIZE),
    [voteId, query],
  );
  const list = usePagedList(JSON.stringify([voteId, query, resets]), fetchPage);
  useVotePolling(voteId);
  useResumePaidVotes(voteId);
  useEffect(() => {
    voteStore.update((draft) => {
      draft.homeUserListSearch = query.keyword ?? '';
      draft.searchNumber = /^\d+$/.test(query.keyword ?? '') ? (query.keyword ?? '') : '';
    });
  }, [query]);
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
      />
    </section>
  );
}
