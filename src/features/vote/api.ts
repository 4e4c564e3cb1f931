/**
 * Voting calls (schemas/api/vote.json). Reads and writes of the vote store happen here, so components only call
 * functions and select slices.
 */
import type { components } from '../../../schemas/api/types.gen';
import { api, type ApiData } from '../../lib/api';
import { request } from '../../lib/api-client';
import { newIdempotencyKey, withRetries } from './idempotency';
import { voteStore } from './store';

type Schemas = components['schemas'];
export type Contest = Schemas['VoteContest'];
export type Player = Schemas['VotePlayer'];
export type PlayerDetail = Schemas['VotePlayerDetail'];
export type Team = Schemas['VoteTeam'];
export type TeamRank = Schemas['VoteTeamRank'];
export type Group = Schemas['VoteGroup'];
export type Star = Schemas['VoteStar'];
export type ScorePlayer = Schemas['VoteScorePlayer'];
export type FormField = Schemas['VoteFormField'];
export type FieldOptions = Schemas['VoteFieldOptions'];
export type SignUp = Schemas['VoteSignUp'];
export type CastResult = Schemas['VoteCastResult'];
export type Invite = Schemas['VoteInvite'];

export type { Page } from '../../lib/paged';

/**
 * The contest by vote_id: stored as vote info, or as sign info for the sign-up page, only when the
 * answer's code is 200.
 */
export async function loadContest(voteId: number, target: 'info' | 'sign' = 'info'): Promise<Contest | null> {
  const envelope = await request<ApiData<'/v3/api/vote/detail', 'get'>>(
    'GET',
    '/v3/api/vote/detail',
    { vote_id: voteId },
    { quiet: true },
  );
  if (envelope.code !== 200) return null;
  voteStore.update((draft) => {
    draft.voteId = String(voteId);
    if (target === 'sign') draft.voteSignInfo = envelope.data;
    else draft.voteInfo = envelope.data;
  });
  return envelope.data;
}

export type PlayerQuery = { keyword?: string; teamId?: number | null; groupId?: number | null };

export function fetchPlayers(voteId: number, query: PlayerQuery, page: number, pageSize: number) {
  return api.get(
    '/v3/api/vote/list',
    {
      vote_id: voteId,
      page,
      page_size: pageSize,
      keyword: query.keyword || undefined,
      team_id: query.teamId ?? undefined,
      group_id: query.groupId ?? undefined,
    },
    { quiet: page > 1 },
  );
}

export function fetchRank(voteId: number, query: PlayerQuery, page: number, pageSize: number) {
  return api.get('/v3/api/vote/rank', {
    vote_id: voteId,
    page,
    page_size: pageSize,
    team_id: query.teamId ?? undefined,
    group_id: query.groupId ?? undefined,
  });
}

export function fetchScores(voteId: number, query: PlayerQuery, page: number, pageSize: number) {
  return api.get('/v2/api/vote/user/score/list', {
    vote_id: voteId,
    page,
    page_size: pageSize,
    team_id: query.teamId ?? undefined,
    group_id: query.groupId ?? undefined,
  });
}

export const fetchScoreDetail = (voteId: number, playerId: number) =>
  api.get('/v2/api/vote/user/score/detail', { vote_id: voteId, player_id: playerId });

export const fetchTeams = (voteId: number) =>
  api.get('/v2/api/vote/team/list', { vote_id: voteId }, { quiet: true });

export const fetchGroups = (voteId: number) =>
  api.get('/v2/api/vote/group/list', { vote_id: voteId }, { quiet: true });

export const fetchTeamRank = (voteId: number) => api.get('/v3/api/vote/team/rank', { vote_id: voteId });

export const fetchTodayStars = (voteId: number, limit: number) =>
  api.get('/v3/api/vote/today_star', { vote_id: voteId, limit });

export async function loadPlayer(voteId: number, playerId: number): Promise<PlayerDetail> {
  return api.get('/v3/api/vote/user/detail', { vote_id: voteId, player_id: playerId });
}

/**
 * One free vote per tap. The key is made once per tap; transport failures are retried with it, so a vote the server
 * counted before the answer got lost is not counted again. Every attempt is quiet: the caller shows the final
 * failure once (the server's own message, e.g. the daily limit).
 */
export function castVote(voteId: number, playerId: number): Promise<CastResult> {
  const key = newIdempotencyKey();
  return withRetries(() =>
    api.post(
      '/v3/api/vote/user/vote',
      { vote_id: voteId, player_id: playerId, idempotency_key: key },
      { login: true, noErrorToast: true },
    ),
  );
}

export const fetchChanges = (voteId: number, since: number) =>
  api.get('/v3/api/vote/changes', { vote_id: voteId, since }, { quiet: true, noErrorToast: true });

export const fetchDropDowns = (voteId: number) => api.get('/v2/api/vote/drop_down', { vote_id: voteId });

export const fetchCheckboxes = (voteId: number) => api.get('/v2/api/vote/checkbox/list', { vote_id: voteId });

export type SignUpValues = Record<string, string | string[]>;

export async function applySignUp(voteId: number, values: SignUpValues): Promise<SignUp> {
  return api.post('/v2/api/vote/user/apply_vote', { vote_id: voteId, values }, { login: true });
}

export const fetchPoster = (voteId: number, playerId: number) =>
  api.post('/v3/api/vote/user/poster', { vote_id: voteId, player_id: playerId });

export const fetchInvites = (voteId: number, page: number, pageSize: number) =>
  api.get(
    '/v3/api/vote/user/sign/invite/list',
    { vote_id: voteId, page, page_size: pageSize },
    { login: true },
  );
