import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from '../../lib/i18n';
import { fetchRank, type PlayerQuery } from './api';
import { useLiveResets, useLiveVersion, useVotePolling } from './live-votes';
import { useLinkedQuery } from './contest-id';
import { usePagedList } from '../../lib/paged';
import { PlayerFilters } from './PlayerFilters';
import { RankRow } from './RankRow';
import { WindowedList } from '../../ui/windowed-list/WindowedList';

const PAGE_SIZE = 50;
const ESTIMATED_ROW_PX = 61;

/**
 * The players' rank list by votes (ties by number, so the order is stable), optionally within a team or group. The
 * same component serves the contest's rank page and the channel rank page (the channel theme variant comes from the
 * route).
 */
export function RankBoard({ voteId }: { voteId: number }) {
  const { t } = useTranslation();
  const linked = useLinkedQuery();
  const [query, setQuery] = useState<PlayerQuery>(linked);
  const resets = useLiveResets();
  const fetchPage = useCallback((page: number) => fetchRank(voteId, query, page, PAGE_SIZE), [voteId, query]);
  const list = usePagedList(JSON.stringify([voteId, query, resets]), fetchPage);
  useVotePolling(voteId);
  // The order follows the votes: when a poll reports changed counts, the loaded pages are refetched in place.
  const version = useLiveVersion();
  const { refresh } = list;
  useEffect(() => {
    if (version > 0) refresh();
  }, [version, refresh]);
  return (
    <section>
      <PlayerFilters voteId={voteId} query={query} onChange={setQuery} showSearch={false} />
      <WindowedList
        list={list}
        label={t('vote.rank')}
        estimateRowPx={ESTIMATED_ROW_PX}
        itemKey={(player) => player.id}
        renderItem={(player) => <RankRow voteId={voteId} player={player} rank={player.rank} />}
        emptyText={t('vote.noPlayers')}
        endText={t('vote.end', { count: list.total })}
      />
    </section>
  );
}
