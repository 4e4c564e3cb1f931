/** Lottery calls (schemas/api/engagement.json). */
import type { components } from '../../../schemas/api/types.gen';
import { api } from '../../lib/api';

type Schemas = components['schemas'];
export type Lottery = Schemas['Lottery'];
export type Prize = Schemas['LotteryPrize'];
export type DrawResult = Schemas['LotteryDraw'];
export type Delivery = Schemas['LotteryDelivery'];
export type WinningRecord = Schemas['LotteryWinningRecord'];
export type Winner = Schemas['LotteryWinner'];

export const fetchLottery = (lotteryId: number) =>
  api.get('/v3/api/lottery/detail', { lottery_id: lotteryId });

/** The server decides the outcome; the animation only shows it. */
export const drawLottery = (lotteryId: number) =>
  api.get('/v3/api/lottery/draw', { lottery_id: lotteryId }, { login: true, quiet: true });

export const saveDelivery = (input: { lottery_id: number; name: string; phone: string; address: string }) =>
  api.post('/v3/api/lottery/user/info', input, { login: true });

export const fetchWinningRecord = (lotteryId: number) =>
  api.get('/v3/api/lottery/user/winning/record', { lottery_id: lotteryId }, { login: true });

export const fetchWinners = (lotteryId: number, limit: number) =>
  api.get('/v3/api/lottery/history', { lottery_id: lotteryId, limit }, { quiet: true });
