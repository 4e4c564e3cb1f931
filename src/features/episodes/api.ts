/** Episode calls. Binding and progress need a logged-in viewer; callers skip them for anonymous viewers. */
import { api, type ApiData } from '../../lib/api';

export type Episode = ApiData<'/v3/api/video/episode/list', 'post'>['list'][number];

const QUIET = { quiet: true, noErrorToast: true } as const;

export const loadEpisodes = (token: string) => api.post('/v3/api/video/episode/list', { token }, QUIET);
export const loadBoundEpisode = (token: string) =>
  api.post('/v3/api/video/episode/bind/info', { token }, QUIET);
export const bindEpisode = (token: string, episodeId: number) =>
  api.post('/v3/api/video/episode/bind/save', { token, episode_id: episodeId }, QUIET);

/** `keepalive` lets the last save of a page that is being hidden or closed still reach the server. */
export const saveWatchProgress = (token: string, episodeId: number, position: number, keepalive = false) =>
  api.post(
    '/v3/api/video/episode/watch_process',
    { token, episode_id: episodeId, position: Math.round(position * 10) / 10 },
    { ...QUIET, keepalive },
  );
