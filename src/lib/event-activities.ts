/**
 * What an event offers (GET /v3/api/event/activities: its open lotteries, daily bonuses, check-in, score tables,
 * shop), and the link to each: the block whose page shows it and the query naming it. The live room's activities
 * block and the user centre link to them alike; each finds the route by the block (config/app.json decides it).
 */
import type { components } from '../../schemas/api/types.gen';
import { api } from './api';
import type { ExtraData } from './navigation';

export type EventActivities = components['schemas']['EventActivities'];

export const fetchEventActivities = (eventToken: string) =>
  api.get('/v3/api/event/activities', { token: eventToken }, { quiet: true, noErrorToast: true });

export type ActivityLink = {
  /** Unique among one event's links. */
  key: string;
  /** What it opens: a named record (its title says which) or the event's check-in or shop. */
  kind: 'lottery' | 'dailyBonus' | 'checkIn' | 'scoreQuery' | 'shop';
  /** The block the page shows (config/app.json says on which route). */
  block: 'lottery' | 'daily-bonus' | 'check-in' | 'score-query' | 'shop-products';
  extra?: ExtraData;
  /** The record's title in the language, its Chinese one where the organiser wrote no English one. */
  title?: string;
  /** A lottery not open yet, listed for the organisers who preview it. */
  upcoming?: boolean;
};

type Titled = { title: string; title_en: string };
const titleIn = (record: Titled, language: string) =>
  language === 'en' && record.title_en ? record.title_en : record.title;

/** The links to what the event offers, in the language: lotteries, daily bonuses, check-in, score tables, shop. */
export function activityLinks(activities: EventActivities, language: string): ActivityLink[] {
  return [
    ...activities.lotteries.map((lottery): ActivityLink => ({
      key: `lottery-${lottery.id}`,
      kind: 'lottery',
      block: 'lottery',
      extra: { lottery_id: lottery.id },
      title: titleIn(lottery, language),
      upcoming: lottery.upcoming,
    })),
    ...activities.daily_bonuses.map((bonus): ActivityLink => ({
      key: `bonus-${bonus.id}`,
      kind: 'dailyBonus',
      block: 'daily-bonus',
      extra: { bonus_id: bonus.id },
      title: titleIn(bonus, language),
    })),
    ...(activities.check_in ? [{ key: 'check-in', kind: 'checkIn', block: 'check-in' } as const] : []),
    ...activities.score_tables.map((table): ActivityLink => ({
      key: `score-${table.id}`,
      kind: 'scoreQuery',
      block: 'score-query',
      extra: { query_id: table.id },
      title: titleIn(table, language),
    })),
    ...(activities.shop ? [{ key: 'shop', kind: 'shop', block: 'shop-products' } as const] : []),
  ];
}
