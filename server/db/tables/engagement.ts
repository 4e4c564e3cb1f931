import type { Generated } from 'kysely';

/** A lottery prize's kind (migration 022). */
export type LotteryReward = 'goods' | 'points' | 'coupon';

/**
 * Engagement (migration 016): lotteries with prizes, stock and weights; daily bonuses with their reward tables and
 * claims; check-in groups, activities, attendees and records; published score tables with their rows. Times are unix
 * seconds, days are organiser calendar days ('YYYY-MM-DD'), coordinates are integer micro-degrees, and JSON columns
 * are text. These replace the never-used tables of 004_activities.ts (lotteries, lottery_prizes, daily_bonuses,
 * checkin_activities, checkin_groups, score_records), which stay as they were, declared at the end.
 */
export interface EngagementTables {
  engage_lotteries: {
    id: Generated<number>;
    event_token: string;
    title: string;
    rules: string;
    /** English versions (migration 023); '' where the organiser wrote none. */
    title_en: Generated<string>;
    rules_en: Generated<string>;
    starts_at: number;
    ends_at: number;
    /** Draws a viewer may make per `draw_period`. */
    draw_limit: number;
    draw_period: 'day' | 'total';
    /** Who may draw: anyone logged in, or only viewers who watched, voted or filled the information form. */
    requirement: 'none' | 'watch' | 'vote' | 'info_form';
    requirement_value: number;
    /** Weight of the "thanks for taking part" outcome. */
    thanks_weight: number;
    time_zone: string;
  };
  engage_lottery_prizes: {
    id: Generated<number>;
    lottery_id: number;
    position: number;
    name: string;
    /** English name (migration 023); '' where the organiser wrote none. */
    name_en: Generated<string>;
    image: string;
    stock: number;
    weight: number;
    /** What the winner gets (migration 022): goods are delivered, points and coupons credited on the draw. */
    reward: Generated<LotteryReward>;
    /** Points of a points prize, the value in cents of a coupon; 0 for goods. */
    reward_amount: Generated<number>;
  };
  /** One row per winning draw of a points or coupon prize, written in the draw's transaction (migration 022). */
  engage_lottery_credits: {
    draw_id: number;
    lottery_id: number;
    user_id: number;
    event_token: string;
    reward: 'points' | 'coupon';
    amount: number;
    name: string;
    created_at: number;
  };
  engage_lottery_counters: {
    lottery_id: number;
    user_id: number;
    /** Organiser day of the draws, or 'total' for a lottery limited in total. */
    period: string;
    used: number;
  };
  engage_lottery_draws: {
    id: Generated<number>;
    lottery_id: number;
    user_id: number;
    prize_id: number | null;
    created_at: number;
  };
  engage_lottery_deliveries: {
    lottery_id: number;
    user_id: number;
    name: string;
    phone: string;
    address: string;
    created_at: number;
  };
  engage_bonuses: {
    id: Generated<number>;
    event_token: string;
    title: string;
    rules: string;
    /** English versions (migration 023); '' where the organiser wrote none. */
    title_en: Generated<string>;
    rules_en: Generated<string>;
    reward_kind: 'points' | 'votes';
    /** JSON array of rewards for day 1, 2, ... of a streak; the table repeats after its last day. */
    rewards: string;
    time_zone: string;
    /** The contest a 'votes' reward adds free votes to (migration 019); null for 'points'. */
    contest_id: number | null;
  };
  engage_bonus_claims: {
    bonus_id: number;
    user_id: number;
    day: string;
    streak: number;
    amount: number;
    created_at: number;
  };
  /** A viewer's points balance of an event: what 'points' daily bonus rewards add to (migration 019). */
  engage_points: {
    event_token: string;
    user_id: number;
    balance: number;
    updated_at: number;
  };
  engage_checkin_groups: {
    id: Generated<number>;
    event_token: string;
    name: string;
    position: number;
  };
  engage_checkin_activities: {
    id: Generated<number>;
    group_id: number;
    event_token: string;
    title: string;
    place: string;
    starts_at: number;
    ends_at: number;
    latitude_e6: number | null;
    longitude_e6: number | null;
    radius_m: number | null;
  };
  engage_checkin_attendees: {
    id: Generated<number>;
    event_token: string;
    name: string;
    phone: string;
    user_id: number | null;
  };
  engage_checkin_records: {
    id: Generated<number>;
    activity_id: number;
    /** `u<user id>` or `a<attendee id>`: one check-in per person per activity (unique). */
    person: string;
    user_id: number | null;
    attendee_id: number | null;
    by_user_id: number;
    distance_m: number | null;
    created_at: number;
  };
  engage_score_tables: {
    id: Generated<number>;
    event_token: string;
    title: string;
    description: string;
    /** JSON array of the fields a viewer enters: { key, label: {zh-CN, en}, placeholder?, pattern?, max_length }. */
    fields: string;
    /** JSON array of the columns of a row's details: { key, label: {zh-CN, en} }. */
    columns: string;
    rank_public: number;
    secret: string;
  };
  engage_score_rows: {
    id: Generated<number>;
    table_id: number;
    /** HMAC of the normalised entered values: rows are found only by everything a viewer must enter. */
    match_key: string;
    name: string;
    score: number;
    details: string;
  };
  /** Seconds a logged-in viewer spent in an event's live room (migration 021, server/engagement/live-watch.ts). */
  live_watch: { user_id: number; event_token: string; seconds: number; updated_at: number };
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
}
