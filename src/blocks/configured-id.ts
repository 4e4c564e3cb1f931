import { useSearchParams } from 'react-router-dom';

/**
 * The record an engagement block shows (a lottery, a daily bonus, a score table): its config prop when the operator
 * fixed one, else the page link's query parameter (`lottery_id`, `bonus_id`, `query_id`).
 */
export function useConfiguredId(fromProps: number | undefined, queryName: string): number | null {
  const [params] = useSearchParams();
  if (fromProps !== undefined) return fromProps;
  const raw = params.get(queryName) ?? '';
  return /^[1-9]\d{0,9}$/.test(raw) ? Number(raw) : null;
}
