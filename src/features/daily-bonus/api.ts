/** Daily bonus calls (schemas/api/engagement.json). */
import type { components } from '../../../schemas/api/types.gen';
import { api } from '../../lib/api';

export type BonusDetail = components['schemas']['BonusDetail'];
export type BonusUser = components['schemas']['BonusUser'];

export const fetchBonus = (bonusId: number) => api.get('/v3/api/daily/bonus/detail', { bonus_id: bonusId });
export const fetchBonusUser = (bonusId: number) =>
  api.get('/v3/api/daily/bonus/user/info', { bonus_id: bonusId }, { quiet: true });
/** One claim per day in the organiser's time zone; the server refuses a second one. */
export const claimBonus = (bonusId: number) =>
  api.post('/v3/api/daily/bonus/do', { bonus_id: bonusId }, { login: true });
