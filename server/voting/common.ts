/**
 * Shared pieces of the voting domain: the contest row, its status and limits, China Standard Time days, and the
 * voting error codes and messages (zh-CN, as the product shows them; the codes let the client tell them apart).
 */
import type { Sql } from '../db/sql.ts';
import { cachedLookup, type TableCaches } from '../db/table-cache.ts';
import { ApiFailure, XCODE } from '../envelope.ts';

export const VOTE_XCODE = {
  notStarted: 40301,
  ended: 40302,
  dailyLimit: 40303,
  contestLimit: 40304,
  playerDailyLimit: 40305,
  alreadySignedUp: 40306,
  notOffered: 40307,
} as const;

export type FieldType = 'text' | 'textarea' | 'phone' | 'dropdown' | 'checkbox' | 'images' | 'video';
/** A sign-up field as the organiser wrote it; the `_en` texts are its English versions, where written. */
export type FormField = {
  key: string;
  label: string;
  label_en?: string;
  type: FieldType;
  required: boolean;
  max_count: number;
  placeholder: string;
  placeholder_en?: string;
  options?: { value: string; label: string; label_en?: string }[];
};

export type ContestRow = {
  id: number;
  event_id: number | null;
  title: string;
  rules: string;
  cover: string;
  starts_at: number;
  ends_at: number;
  daily_votes_per_user: number;
  total_votes_per_user: number;
  votes_per_player_per_day: number;
  vote_price_cents: number;
  sign_up_fee_cents: number;
  form_fields: string;
  sign_up_review: number;
};

export type ContestStatus = 0 | 1 | 2;

/** 0 not started, 1 open, 2 ended (times in unix seconds, now in ms). */
export function contestStatus(
  contest: Pick<ContestRow, 'starts_at' | 'ends_at'>,
  nowMs: number,
): ContestStatus {
  const now = Math.floor(nowMs / 1000);
  if (now < contest.starts_at) return 0;
  if (now >= contest.ends_at) return 2;
  return 1;
}

const CST_OFFSET_S = 8 * 3600;

/** The China Standard Time calendar day of a moment, as a day number (days since 1970-01-01 CST). */
export function cstDay(nowMs: number): number {
  return Math.floor((Math.floor(nowMs / 1000) + CST_OFFSET_S) / 86400);
}

export function dayToDate(day: number): string {
  return new Date(day * 86400_000).toISOString().slice(0, 10);
}

// Read on nearly every voting call, changed by organisers only: cached until the contests table changes (SQLite).
const contestById = cachedLookup(['contests'], (sql, id: number) =>
  sql.selectFrom('contests').selectAll().where('id', '=', id).executeTakeFirst(),
);

/** Where contests are read: the query builder, and the server's caches (none inside a transaction). */
export type ContestData = { sql: Sql; caches?: TableCaches };

/** The contest (a row shared with other callers: read it, never change it), or 404. */
export async function findContest(data: ContestData, id: number): Promise<ContestRow> {
  const contest = await (data.caches ? data.caches.of(contestById) : contestById.lookup)(data.sql, id);
  if (!contest) throw new ApiFailure(XCODE.notFound, { 'zh-CN': '评选活动不存在', en: 'No such contest' });
  return contest;
}

export function formFields(contest: ContestRow): FormField[] {
  return JSON.parse(contest.form_fields) as FormField[];
}

/** Throws the clear message for a contest that is not open for votes. */
export function assertOpen(contest: Pick<ContestRow, 'starts_at' | 'ends_at'>, nowMs: number): void {
  const status = contestStatus(contest, nowMs);
  if (status === 0)
    throw new ApiFailure(VOTE_XCODE.notStarted, {
      'zh-CN': '评选尚未开始，请在开始后再来投票',
      en: 'The contest has not started yet; please come back to vote once it has',
    });
  if (status === 2)
    throw new ApiFailure(VOTE_XCODE.ended, {
      'zh-CN': '评选已结束，感谢您的参与',
      en: 'The contest has ended, thank you for taking part',
    });
}

export function playerNotFound(): ApiFailure {
  return new ApiFailure(XCODE.notFound, { 'zh-CN': '选手不存在', en: 'No such player' });
}

/** page/page_size with defaults and the LIMIT/OFFSET they mean. */
export function paging(query: { page?: number; page_size?: number }) {
  const page = query.page ?? 1;
  const pageSize = query.page_size ?? 20;
  return { page, pageSize, offset: (page - 1) * pageSize };
}

/** The inviter from the app's inviteId query parameter: a positive user id, or null. */
export async function inviterId(sql: Sql, raw: unknown, self: number): Promise<number | null> {
  if (typeof raw !== 'string' || !/^[1-9]\d{0,15}$/.test(raw)) return null;
  const id = Number(raw);
  if (id === self) return null;
  const user = await sql.selectFrom('users').select('id').where('id', '=', id).executeTakeFirst();
  return user ? id : null;
}
