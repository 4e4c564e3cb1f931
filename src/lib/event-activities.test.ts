import { describe, expect, it } from 'vitest';
import { activityLinks, type EventActivities } from './event-activities';

const activities: EventActivities = {
  lotteries: [
    { id: 1, title: '大转盘', title_en: 'Prize wheel', upcoming: false },
    { id: 4, title: '新抽奖', title_en: '', upcoming: true },
  ],
  daily_bonuses: [{ id: 2, title: '每日签到', title_en: 'Daily points' }],
  check_in: true,
  score_tables: [{ id: 3, title: '决赛成绩', title_en: '' }],
  shop: true,
};

describe('activityLinks', () => {
  it('links each record by its id to the block showing it, titled in the language (Chinese where no English)', () => {
    expect(activityLinks(activities, 'en')).toEqual([
      {
        key: 'lottery-1',
        kind: 'lottery',
        block: 'lottery',
        extra: { lottery_id: 1 },
        title: 'Prize wheel',
        upcoming: false,
      },
      {
        key: 'lottery-4',
        kind: 'lottery',
        block: 'lottery',
        extra: { lottery_id: 4 },
        title: '新抽奖',
        upcoming: true,
      },
      {
        key: 'bonus-2',
        kind: 'dailyBonus',
        block: 'daily-bonus',
        extra: { bonus_id: 2 },
        title: 'Daily points',
      },
      { key: 'check-in', kind: 'checkIn', block: 'check-in' },
      { key: 'score-3', kind: 'scoreQuery', block: 'score-query', extra: { query_id: 3 }, title: '决赛成绩' },
      { key: 'shop', kind: 'shop', block: 'shop-products' },
    ]);
    expect(activityLinks(activities, 'zh-CN').map((link) => link.title)).toEqual([
      '大转盘',
      '新抽奖',
      '每日签到',
      undefined,
      '决赛成绩',
      undefined,
    ]);
  });

  it('links nothing the event does not have', () => {
    expect(
      activityLinks(
        { lotteries: [], daily_bonuses: [], check_in: false, score_tables: [], shop: false },
        'en',
      ),
    ).toEqual([]);
  });
});
