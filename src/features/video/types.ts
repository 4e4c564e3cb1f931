import type { ApiData } from '../../lib/api';

/** VideoInfo as the contract defines it (schemas/api): color_code, token, user_id and the event's fields. */
export type VideoInfo = ApiData<'/v3/api/video/detail', 'get'>;
