/**
 * Live-room content calls (blocks around the player). All are quiet: a block that fails to load hides itself rather
 * than covering the room with a loading indicator or a toast.
 */
import { api } from '../../lib/api';

const QUIET = { quiet: true, noErrorToast: true } as const;

export const loadWelcome = (token: string) => api.get('/v2/api/welcome/masses', { token }, QUIET);
export const loadImageText = (token: string) =>
  api.get('/v3/api/video/get_video_image_text', { token }, QUIET);
export const loadRelated = (token: string) => api.get('/v3/api/video/related', { token }, QUIET);
export const loadMoreNew = (token: string, page: number, limit: number) =>
  api.get('/v2/api/video/more/new', { token, page, limit }, QUIET);
export const loadVoteTotals = (token: string, limit: number) =>
  api.get('/v3/api/video/vote-total-list', { token, limit }, QUIET);
