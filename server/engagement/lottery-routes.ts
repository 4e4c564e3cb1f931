/** Lottery calls (schemas/api/engagement.json): detail, draw, delivery details, my prizes, winners. */
import { findViewer, needViewer } from '../accounts/sessions.ts';
import type { HandlerMap } from '../contract/register.ts';
import { ok } from '../envelope.ts';
import {
  drawOnce,
  lotteryDetail,
  readDelivery,
  saveDelivery,
  winnerHistory,
  winningRecord,
} from './lottery.ts';
import type { Services } from '../services.ts';

export function lotteryHandlers(services: Pick<Services, 'sql' | 'now'>): HandlerMap {
  const { sql, now } = services;
  const seconds = () => Math.floor(now() / 1000);
  return {
    async lotteryDetail(request) {
      const viewer = await findViewer(sql, request, now());
      const { lottery_id } = request.query;
      return ok(await lotteryDetail(sql, lottery_id, viewer?.userId ?? null, seconds()));
    },
    async lotteryDraw(request) {
      const { userId } = await needViewer(sql, request, now());
      return ok(await drawOnce(sql, request.query.lottery_id, userId, seconds()));
    },
    async lotteryDeliveryGet(request) {
      const { userId } = await needViewer(sql, request, now());
      return ok(await readDelivery(sql, userId, request.query.lottery_id));
    },
    async lotteryDeliverySave(request) {
      const { userId } = await needViewer(sql, request, now());
      return ok(await saveDelivery(sql, userId, request.body, seconds()));
    },
    async lotteryWinningRecord(request) {
      const { userId } = await needViewer(sql, request, now());
      return ok(await winningRecord(sql, userId, request.query.lottery_id));
    },
    async lotteryHistory(request) {
      const { lottery_id, limit } = request.query;
      return ok(await winnerHistory(sql, lottery_id, limit ?? 20));
    },
  };
}
