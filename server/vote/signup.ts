/**
 * Sign-ups: the contest's form validated field by field ('<label> cannot be empty!' for a missing required field),
 * one sign-up per user per contest, then unpaid (the contest charges: paid_registration), pending (the organiser
 * reviews) or approved (a player with the next number). The 'registration' order-paid hook moves unpaid on.
 */
import type { Db } from '../db/database.ts';
import { ApiFailure, XCODE } from '../envelope.ts';
import { onOrderPaid, type Order } from '../wechat/orders.ts';
import {
  contestStatus,
  findContest,
  formFields,
  VOTE_XCODE,
  type ContestRow,
  type FormField,
} from './common.ts';

export type SignUpStatus = 'unpaid' | 'pending' | 'approved' | 'rejected';
export type Answers = Record<string, string | string[]>;

type SignUpRow = {
  id: number;
  contest_id: number;
  user_id: number;
  name: string;
  answers: string;
  status: SignUpStatus;
  player_id: number | null;
  created_at: number;
};

export type SignUpView = {
  id: number;
  status: SignUpStatus;
  player_id: number | null;
  number: number | null;
  name: string;
  fee_cents: number;
  created_at: number;
};

const PHONE = /^1[3-9]\d{9}$/;
/** Uploaded media: a same-origin path or an http(s) URL (never javascript: or data:). */
const MEDIA_URL = /^(\/[^/\\]|https?:\/\/)[^\s"'<>\\]*$/;

function isEmpty(value: string | string[] | undefined): boolean {
  if (value === undefined) return true;
  if (Array.isArray(value)) return value.length === 0;
  return value.trim() === '';
}

/** Checks the answers against the form; returns them normalised (trimmed, only the form's keys). */
export function validateAnswers(fields: FormField[], answers: Answers): Answers {
  const known = new Set(fields.map((field) => field.key));
  const unknown = Object.keys(answers).find((key) => !known.has(key));
  if (unknown !== undefined) throw new ApiFailure(XCODE.badRequest, `Unknown field: ${unknown}`);
  const clean: Answers = {};
  for (const field of fields) {
    const value = Object.hasOwn(answers, field.key) ? answers[field.key] : undefined;
    if (isEmpty(value)) {
      if (field.required) throw new ApiFailure(XCODE.badRequest, `${field.label} cannot be empty!`);
      continue;
    }
    const bad = (why: string) => new ApiFailure(XCODE.badRequest, `${field.label}: ${why}`);
    const list = Array.isArray(value) ? value : [value as string];
    switch (field.type) {
      case 'text':
      case 'textarea':
      case 'phone': {
        if (Array.isArray(value)) throw bad('must be text');
        const text = value!.trim();
        if (text.length > (field.type === 'textarea' ? 2000 : 100)) throw bad('too long');
        if (field.type === 'phone' && !PHONE.test(text)) throw bad('请输入正确的手机号');
        clean[field.key] = text;
        break;
      }
      case 'dropdown': {
        if (Array.isArray(value) || !field.options?.some((option) => option.value === value))
          throw bad('not one of the options');
        clean[field.key] = value!;
        break;
      }
      case 'checkbox': {
        if (new Set(list).size !== list.length) throw bad('an option is ticked twice');
        if (!list.every((item) => field.options?.some((option) => option.value === item)))
          throw bad('not one of the options');
        if (field.max_count > 0 && list.length > field.max_count)
          throw bad(`at most ${field.max_count} options`);
        clean[field.key] = list;
        break;
      }
      case 'images': {
        if (field.max_count > 0 && list.length > field.max_count)
          throw new ApiFailure(XCODE.badRequest, 'upload count exceeds limit');
        if (!list.every((url) => MEDIA_URL.test(url) && url.length <= 1024)) throw bad('invalid image URL');
        clean[field.key] = list;
        break;
      }
      case 'video': {
        if (Array.isArray(value) || !MEDIA_URL.test(value!)) throw bad('invalid video URL');
        clean[field.key] = value!;
        break;
      }
    }
  }
  return clean;
}

function view(db: Db, contest: ContestRow, row: SignUpRow): SignUpView {
  const number =
    row.player_id === null
      ? null
      : (db
          .prepare<[number], { number: number }>('SELECT number FROM players WHERE id = ?')
          .get(row.player_id)?.number ?? null);
  return {
    id: row.id,
    status: row.status,
    player_id: row.player_id,
    number,
    name: row.name,
    fee_cents: contest.sign_up_fee_cents,
    created_at: row.created_at,
  };
}

export function findSignUp(db: Db, contest: ContestRow, userId: number): SignUpView | null {
  const row = db
    .prepare<[number, number], SignUpRow>('SELECT * FROM vote_sign_ups WHERE contest_id = ? AND user_id = ?')
    .get(contest.id, userId);
  return row ? view(db, contest, row) : null;
}

/** Makes an approved sign-up a player: the next number, photos and video from the form's media fields. */
function approve(db: Db, contest: ContestRow, row: SignUpRow): void {
  const fields = formFields(contest);
  const answers = JSON.parse(row.answers) as Answers;
  const images = fields
    .filter((field) => field.type === 'images')
    .flatMap((field) => (answers[field.key] as string[] | undefined) ?? []);
  const video = fields.find((field) => field.type === 'video' && answers[field.key]);
  const description = typeof answers.description === 'string' ? answers.description : '';
  const { next } = db
    .prepare<[number], { next: number }>(
      'SELECT COALESCE(MAX(number), 0) + 1 AS next FROM players WHERE contest_id = ?',
    )
    .get(contest.id)!;
  const playerId = Number(
    db
      .prepare(
        `INSERT INTO players (contest_id, number, name, photo, description, photos, video, votes, status)
         VALUES (?, ?, ?, ?, ?, ?, ?, 0, 1)`,
      )
      .run(
        contest.id,
        next,
        row.name,
        images[0] ?? '',
        description,
        JSON.stringify(images),
        video ? (answers[video.key] as string) : '',
      ).lastInsertRowid,
  );
  db.prepare("UPDATE vote_sign_ups SET status = 'approved', player_id = ? WHERE id = ?").run(
    playerId,
    row.id,
  );
}

/** After the fee (or at once when free): pending when the organiser reviews, else approved. */
function advance(db: Db, contest: ContestRow, row: SignUpRow): void {
  if (contest.sign_up_review) {
    db.prepare("UPDATE vote_sign_ups SET status = 'pending' WHERE id = ?").run(row.id);
  } else {
    approve(db, contest, row);
  }
}

export function applySignUp(
  db: Db,
  input: { contestId: number; userId: number; answers: Answers; inviterId: number | null; nowMs: number },
): SignUpView {
  return db
    .transaction((): SignUpView => {
      const contest = findContest(db, input.contestId);
      if (contestStatus(contest, input.nowMs) === 2)
        throw new ApiFailure(VOTE_XCODE.ended, '评选已结束，报名已关闭');
      const answers = validateAnswers(formFields(contest), input.answers);
      const name = typeof answers.name === 'string' ? answers.name : '';
      if (!name) throw new ApiFailure(XCODE.badRequest, 'name cannot be empty!');
      const nowS = Math.floor(input.nowMs / 1000);
      const existing = db
        .prepare<[number, number], SignUpRow>(
          'SELECT * FROM vote_sign_ups WHERE contest_id = ? AND user_id = ?',
        )
        .get(contest.id, input.userId);
      if (existing && existing.status !== 'unpaid') {
        // A retried submit of the same form answers the sign-up it made; anything else is a second sign-up.
        if (existing.answers === JSON.stringify(answers)) return findSignUp(db, contest, input.userId)!;
        throw new ApiFailure(VOTE_XCODE.alreadySignedUp, '您已报名本次评选，请勿重复提交');
      }
      if (existing) {
        // Not paid yet: the form may still be corrected.
        db.prepare('UPDATE vote_sign_ups SET name = ?, answers = ? WHERE id = ?').run(
          name,
          JSON.stringify(answers),
          existing.id,
        );
      } else {
        db.prepare(
          `INSERT INTO vote_sign_ups (contest_id, user_id, name, answers, status, inviter_id, created_at)
           VALUES (?, ?, ?, ?, 'unpaid', ?, ?)`,
        ).run(contest.id, input.userId, name, JSON.stringify(answers), input.inviterId, nowS);
      }
      const row = db
        .prepare<[number, number], SignUpRow>(
          'SELECT * FROM vote_sign_ups WHERE contest_id = ? AND user_id = ?',
        )
        .get(contest.id, input.userId)!;
      if (contest.sign_up_fee_cents <= 0) advance(db, contest, row);
      return findSignUp(db, contest, input.userId)!;
    })
    .immediate();
}

/** The organiser's decision on a pending sign-up (there is no organiser API in the spec; tests and tools call it). */
export function reviewSignUp(db: Db, signUpId: number, decision: 'approved' | 'rejected'): void {
  db.transaction(() => {
    const row = db
      .prepare<[number], SignUpRow>("SELECT * FROM vote_sign_ups WHERE id = ? AND status = 'pending'")
      .get(signUpId);
    if (!row) throw new ApiFailure(XCODE.notFound, 'No pending sign-up');
    const contest = findContest(db, row.contest_id);
    if (decision === 'approved') approve(db, contest, row);
    else db.prepare("UPDATE vote_sign_ups SET status = 'rejected' WHERE id = ?").run(row.id);
  })();
}

/** The unpaid sign-up of a viewer whose fee a registration order pays. */
export function unpaidSignUp(db: Db, contest: ContestRow, userId: number): { id: number } {
  if (contest.sign_up_fee_cents <= 0)
    throw new ApiFailure(VOTE_XCODE.notOffered, '本次评选报名免费，无需支付');
  const row = db
    .prepare<[number, number], { id: number; status: SignUpStatus }>(
      'SELECT id, status FROM vote_sign_ups WHERE contest_id = ? AND user_id = ?',
    )
    .get(contest.id, userId);
  if (!row) throw new ApiFailure(XCODE.badRequest, '请先填写报名信息');
  if (row.status !== 'unpaid') throw new ApiFailure(XCODE.badRequest, '报名费已支付');
  return row;
}

onOrderPaid('registration', (db: Db, order: Order) => {
  const row = db
    .prepare<[number], SignUpRow>("SELECT * FROM vote_sign_ups WHERE id = ? AND status = 'unpaid'")
    .get(order.ref_id);
  if (!row) return;
  advance(db, findContest(db, row.contest_id), row);
});
