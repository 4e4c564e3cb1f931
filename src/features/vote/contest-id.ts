import { useCallback, useEffect, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { PlayerQuery } from './api';
import { voteStore } from './store';

/** The contest a page shows: `vote_id` in the hash query, remembered in the vote store for the pages after it. */
export function useContestId(): number | null {
  const [params] = useSearchParams();
  const raw = params.get('vote_id') ?? voteStore.get().voteId;
  const id = /^\d+$/.test(raw) ? Number(raw) : null;
  useEffect(() => {
    if (id !== null && voteStore.get().voteId !== String(id)) {
      voteStore.update((draft) => {
        draft.voteId = String(id);
      });
    }
  }, [id]);
  return id;
}

/** The player a page shows: `player_id` in the hash query. */
export function usePlayerId(): number | null {
  const [params] = useSearchParams();
  const raw = params.get('player_id') ?? '';
  return /^\d+$/.test(raw) ? Number(raw) : null;
}

const positiveId = (raw: string | null) => (raw && /^\d+$/.test(raw) && Number(raw) > 0 ? Number(raw) : null);

/** A list's starting query from the link (`keyword`, `team_id`, `group_id`), so a filtered list can be shared. */
export function useLinkedQuery(): PlayerQuery {
  const [params] = useSearchParams();
  const keyword = (params.get('keyword') ?? '').slice(0, 32);
  const teamId = positiveId(params.get('team_id'));
  const groupId = positiveId(params.get('group_id'));
  return useMemo(() => ({ keyword, teamId, groupId }), [keyword, teamId, groupId]);
}

/**
 * A list's query kept in the page's address: a change replaces the hash query's `keyword`, `team_id` and `group_id`
 * (other parameters stay), so a refresh, a shared link and going back from a player all find the same list.
 */
export function useQueryInAddress(): [PlayerQuery, (query: PlayerQuery) => void] {
  const query = useLinkedQuery();
  const [, setParams] = useSearchParams();
  const setQuery = useCallback(
    (next: PlayerQuery) =>
      setParams(
        (current) => {
          const params = new URLSearchParams(current);
          const put = (name: string, value: string | number | null | undefined) => {
            if (value === null || value === undefined || value === '') params.delete(name);
            else params.set(name, String(value));
          };
          put('keyword', next.keyword?.slice(0, 32));
          put('team_id', next.teamId);
          put('group_id', next.groupId);
          return params;
        },
        { replace: true },
      ),
    [setParams],
  );
  return [query, setQuery];
}
