import { useEffect } from 'react';
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

/** The player a page shows: `player_id` in the hash query (also the store's dataId). */
export function usePlayerId(): number | null {
  const [params] = useSearchParams();
  const raw = params.get('player_id') ?? '';
  return /^\d+$/.test(raw) ? Number(raw) : null;
}

const positiveId = (raw: string | null) => (raw && /^\d+$/.test(raw) && Number(raw) > 0 ? Number(raw) : null);

/** A list's starting query from the link (`keyword`, `team_id`, `group_id`), so a filtered list can be shared. */
export function useLinkedQuery(): PlayerQuery {
  const [params] = useSearchParams();
  return {
    keyword: (params.get('keyword') ?? '').slice(0, 32),
    teamId: positiveId(params.get('team_id')),
    groupId: positiveId(params.get('group_id')),
  };
}
