/** Score query calls (schemas/api/engagement.json). */
import type { components } from '../../../schemas/api/types.gen';
import { api } from '../../lib/api';

export type ScorePage = components['schemas']['ScorePage'];
export type ScoreResult = components['schemas']['ScoreResult'];
export type RankList = components['schemas']['ScoreRankList'];

export const fetchScorePage = (queryId: number) =>
  api.post('/v2/api/score_query_page', { query_id: queryId });
/** The row matching everything entered, or the server's one 'no match' answer (shown in place, not as a toast). */
export const queryScore = (queryId: number, values: Record<string, string>) =>
  api.post('/v2/api/score_query', { query_id: queryId, values }, { login: true, noErrorToast: true });
export const fetchRankList = (queryId: number, page: number) =>
  api.post('/v2/api/score_query_rank_list', { query_id: queryId, page, page_size: 20 }, { quiet: page > 1 });
