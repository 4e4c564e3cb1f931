import type { Generated } from '../core.ts';

/** Channels, lotteries, daily bonus, check-in, score query and the legacy products (migration 004). */
export interface ActivityTables {
  channels: {
    id: Generated<number>;
    token: string;
    owner_id: number;
    color_code: Generated<string>;
    title: string;
    intro: Generated<string>;
  };
  channel_categories: { id: Generated<number>; channel_id: number; name: string; position: number };
  channel_videos: { channel_id: number; category_id: number; event_id: number; position: number };
  lotteries: {
    id: Generated<number>;
    event_id: number | null;
    title: string;
    draws_per_user: Generated<number>;
  };
  lottery_prizes: { id: Generated<number>; lottery_id: number; name: string; stock: number; weight: number };
  daily_bonuses: {
    id: Generated<number>;
    event_id: number | null;
    title: string;
    points_per_day: number;
    streak_bonus: Generated<number>;
  };
  checkin_activities: { id: Generated<number>; title: string; starts_at: number; ends_at: number };
  checkin_groups: { id: Generated<number>; activity_id: number; name: string };
  score_records: { id: Generated<number>; exam: string; candidate_no: string; name: string; score: number };
  products: {
    id: Generated<number>;
    title: string;
    price_cents: number;
    stock: number;
    cover: Generated<string>;
  };
}
