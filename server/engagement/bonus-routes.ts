/** Daily bonus calls (schemas/api/engagement.json): detail, my streak, claim. */
import { needViewer } from '../accounts/sessions.ts';
import type { HandlerMap } from '../contract/register.ts';
import { ok } from '../envelope.ts';
import { bonusDetail, bonusUserInfo, claimBonus } from './bonus.ts';
import type { Services } from '../services.ts';

export function bonusHandlers(services: Pick<Services, 'sql' | 'now'>): HandlerMap {
  const { sql, now } = services;
  const seconds = () => Math.floor(now() / 1000);
  return {
    async bonusDetail(request) {
      return ok(await bonusDetail(sql, request.query.bonus_id, seconds()));
    },
    async bonusUserInfo(request) {
      const { userId } = await needViewer(sql, request, now());
      return ok(await bonusUserInfo(sql, request.query.bonus_id, userId, seconds()));
    },
    async bonusClaim(request) {
      const { userId } = await needViewer(sql, request, now());
      return ok(await claimBonus(sql, request.body.bonus_id, userId, seconds()));
    },
  };
}
