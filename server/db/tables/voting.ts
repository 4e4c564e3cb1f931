import type { Generated } from 'kysely';

/**
 * Contests, players, votes, sign-ups and judges' scores (migrations 004, 009, 019 and 026). Days are China Standard
 * Time day numbers, times unix milliseconds, money integer cents.
 */
export interface VotingTables {
  contests: {
    id: Generated<number>;
    event_id: number | null;
    /** Its own organisation (migration 026): a contest may have no event. */
    organisation_id: number | null;
    title: string;
    rules: Generated<string>;
    starts_at: number;
    ends_at: number;
    daily_votes_per_user: Generated<number>;
    total_votes_per_user: Generated<number>;
    votes_per_player_per_day: Generated<number>;
    vote_price_cents: Generated<number>;
    sign_up_fee_cents: Generated<number>;
    cover: Generated<string>;
    /** JSON array of the sign-up form's fields. */
    form_fields: Generated<string>;
    sign_up_review: Generated<number>;
  };
  contest_teams: { id: Generated<number>; contest_id: number; name: string };
  contest_groups: { id: Generated<number>; contest_id: number; name: string };
  players: {
    id: Generated<number>;
    contest_id: number;
    number: number;
    name: string;
    team_id: number | null;
    group_id: number | null;
    photo: Generated<string>;
    description: Generated<string>;
    votes: Generated<number>;
    score: Generated<number>;
    status: Generated<number>;
    /** JSON array of image URLs. */
    photos: Generated<string>;
    video: Generated<string>;
  };
  vote_records: {
    id: Generated<number>;
    contest_id: number;
    player_id: number;
    user_id: number;
    day: number;
    count: number;
    paid: Generated<number>;
    idempotency_key: string;
    votes_after: number;
    created_at: number;
  };
  vote_user_days: {
    contest_id: number;
    user_id: number;
    day: number;
    votes: number;
    /** Free votes added to the day's allowance by a daily bonus (migration 019). */
    bonus_votes: Generated<number>;
  };
  vote_user_player_days: {
    contest_id: number;
    user_id: number;
    player_id: number;
    day: number;
    votes: number;
  };
  vote_player_days: { contest_id: number; day: number; player_id: number; votes: number };
  vote_orders: {
    order_id: number;
    contest_id: number;
    player_id: number;
    user_id: number;
    count: number;
    credited_at: number | null;
  };
  vote_sign_ups: {
    id: Generated<number>;
    contest_id: number;
    user_id: number;
    name: string;
    answers: string;
    status: 'unpaid' | 'pending' | 'approved' | 'rejected';
    player_id: number | null;
    inviter_id: number | null;
    created_at: number;
  };
  player_scores: {
    id: Generated<number>;
    player_id: number;
    item: string;
    judge: string;
    score: number;
    max_score: number;
  };
}
