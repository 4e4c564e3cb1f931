/**
 * Sign-ups: the contest's form validated field by field ('<label>不能为空！', 'Name cannot be empty!' for a missing one),
 * one sign-up per user per contest, then unpaid (the contest charges: paid_registration), pending (the organiser
 * reviews) or approved (a player with the next number). The 'registration' order-paid hook moves unpaid on.
 */
import { first, one, prepared, runSteps, type Steps } from '../db/prepared.ts';
import type { Sql } from '../db/sql.ts';
import { ApiFailure, XCODE, type LocalizedText } from '../envelope.ts';
import { OrderNotAvailable, type PaidHook } from '../wechat/orders.ts';
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
  if (unknown !== undefined)
    throw new ApiFailure(XCODE.badRequest, {
      'zh-CN': `报名表没有这一项：${unknown}`,
      en: `Unknown field: ${unknown}`,
    });
  const clean: Answers = {};
  for (const field of fields) {
    const value = Object.hasOwn(answers, field.key) ? answers[field.key] : undefined;
    // The field's label in the request's language: its English version where the organiser wrote one.
    const label = { 'zh-CN': field.label, en: field.label_en || field.label };
    if (isEmpty(value)) {
      if (field.required)
        throw new ApiFailure(XCODE.badRequest, {
          'zh-CN': `${label['zh-CN']}不能为空！`,
          en: `${label.en} cannot be empty!`,
        });
      continue;
    }
    const bad = (why: LocalizedText) =>
      new ApiFailure(XCODE.badRequest, {
        'zh-CN': `${label['zh-CN']}：${why['zh-CN']}`,
        en: `${label.en}: ${why.en}`,
      });
    const list = Array.isArray(value) ? value : [value as string];
    switch (field.type) {
      case 'text':
      case 'textarea':
      case 'phone': {
        if (Array.isArray(value)) throw bad({ 'zh-CN': '应为文字', en: 'must be text' });
        const text = value!.trim();
        if (text.length > (field.type === 'textarea' ? 2000 : 100))
          throw bad({ 'zh-CN': '内容过长', en: 'too long' });
        if (field.type === 'phone' && !PHONE.test(text))
          throw bad({ 'zh-CN': '请输入正确的手机号', en: 'enter a valid mobile number' });
        clean[field.key] = text;
        break;
      }
      case 'dropdown': {
        if (Array.isArray(value) || !field.options?.some((option) => option.value === value))
          throw bad({ 'zh-CN': '不是可选的选项', en: 'not one of the options' });
        clean[field.key] = value!;
        break;
      }
      case 'checkbox': {
        if (new Set(list).size !== list.length)
          throw bad({ 'zh-CN': '有选项重复勾选', en: 'an option is ticked twice' });
        if (!list.every((item) => field.options?.some((option) => option.value === item)))
          throw bad({ 'zh-CN': '不是可选的选项', en: 'not one of the options' });
        if (field.max_count > 0 && list.length > field.max_count)
          throw bad({
            'zh-CN': `最多选 ${field.max_count} 项`,
            en: `at most ${field.max_count} options`,
          });
        clean[field.key] = list;
        break;
      }
      case 'images': {
        if (field.max_count > 0 && list.length > field.max_count)
          throw new ApiFailure(XCODE.badRequest, {
            'zh-CN': '上传数量超出限制',
            en: 'upload count exceeds limit',
          });
        if (!list.every((url) => MEDIA_URL.test(url) && url.length <= 1024))
          throw bad({ 'zh-CN': '图片地址无效', en: 'invalid image URL' });
        clean[field.key] = list;
        break;
      }
      case 'video': {
        if (Array.isArray(value) || !MEDIA_URL.test(value!))
          throw bad({ 'zh-CN': '视频地址无效', en: 'invalid video URL' });
        clean[field.key] = value!;
        break;
      }
    }
  }
  return clean;
}

const q = {
  /** A no-op write that locks the contest row on PostgreSQL: approvals in one contest take numbers one at a time. */
  lockContest: prepared((sql, p) =>
    sql
      .updateTable('contests')
      .set((eb) => ({ sign_up_review: eb.ref('sign_up_review') }))
      .where('id', '=', p('contest')),
  ),
  nextNumber: prepared((sql, p) =>
    sql
      .selectFrom('players')
      .select((eb) => eb(eb.fn.coalesce(eb.fn.max('number'), eb.lit(0)), '+', 1).as('next'))
      .where('contest_id', '=', p('contest')),
  ),
  insertPlayer: prepared((sql, p) =>
    sql
      .insertInto('players')
      .values({
        contest_id: p('contest'),
        number: p('number'),
        name: p('name'),
        photo: p('photo'),
        description: p('description'),
        photos: p('photos'),
        video: p('video'),
        votes: 0,
        status: 1,
      })
      .returning('id'),
  ),
  approved: prepared((sql, p) =>
    sql
      .updateTable('vote_sign_ups')
      .set({ status: 'approved', player_id: p('player') })
      .where('id', '=', p('id')),
  ),
  /** Moves an unpaid sign-up on once: of two payments of one sign-up, the second finds it no longer unpaid. */
  paid: prepared((sql, p) =>
    sql
      .updateTable('vote_sign_ups')
      .set({ status: p('status') })
      .where('id', '=', p('id'))
      .where('status', '=', 'unpaid')
      .returning('id'),
  ),
};

/** Makes an approved sign-up a player: the next number, photos and video from the form's media fields. */
function* approve(contest: ContestRow, row: SignUpRow): Steps<NewPlayer> {
  const fields = formFields(contest);
  const answers = JSON.parse(row.answers) as Answers;
  const images = fields
    .filter((field) => field.type === 'images')
    .flatMap((field) => (answers[field.key] as string[] | undefined) ?? []);
  const video = fields.find((field) => field.type === 'video' && answers[field.key]);
  const description = typeof answers.description === 'string' ? answers.description : '';
  yield* first(q.lockContest, { contest: contest.id });
  const { next } = yield* one(q.nextNumber, { contest: contest.id });
  const player = yield* one(q.insertPlayer, {
    contest: contest.id,
    number: Number(next),
    name: row.name,
    photo: images[0] ?? '',
    description,
    photos: JSON.stringify(images),
    video: video ? (answers[video.key] as string) : '',
  });
  yield* first(q.approved, { player: player.id, id: row.id });
  return { id: player.id, number: Number(next), votes: 0 };
}

/** A player an approved sign-up made, as the rankings place it (server/voting/rankings.ts). */
export type NewPlayer = { id: number; number: number; votes: 0 };

/**
 * After the fee (or at once when free): pending when the organiser reviews, else approved (a player). False when
 * the sign-up had moved on already; the new player when approved.
 */
function* advanceSteps(contest: ContestRow, row: SignUpRow): Steps<false | NewPlayer | null> {
  const status = contest.sign_up_review ? 'pending' : 'approved';
  if (!(yield* first(q.paid, { id: row.id, status }))) return false;
  return status === 'approved' ? yield* approve(contest, row) : null;
}

const signUpOf = (sql: Sql, contestId: number, userId: number) =>
  sql
    .selectFrom('vote_sign_ups')
    .selectAll()
    .where('contest_id', '=', contestId)
    .where('user_id', '=', userId)
    .executeTakeFirst();

async function view(sql: Sql, contest: ContestRow, row: SignUpRow): Promise<SignUpView> {
  const player =
    row.player_id === null
      ? undefined
      : await sql.selectFrom('players').select('number').where('id', '=', row.player_id).executeTakeFirst();
  return {
    id: row.id,
    status: row.status,
    player_id: row.player_id,
    number: player?.number ?? null,
    name: row.name,
    fee_cents: contest.sign_up_fee_cents,
    created_at: row.created_at,
  };
}

export async function findSignUp(sql: Sql, contest: ContestRow, userId: number): Promise<SignUpView | null> {
  const row = await signUpOf(sql, contest.id, userId);
  return row ? view(sql, contest, row) : null;
}

/**
 * One short transaction. The (contest, user) unique key keeps one sign-up per viewer: a concurrent first submit of
 * the same viewer inserts nothing and is then answered like a repeat.
 */
export function applySignUp(
  sql: Sql,
  input: { contestId: number; userId: number; answers: Answers; inviterId: number | null; nowMs: number },
): Promise<SignUpView> {
  return sql.transaction().execute(async (trx): Promise<SignUpView> => {
    const contest = await findContest({ sql: trx }, input.contestId);
    if (contestStatus(contest, input.nowMs) === 2)
      throw new ApiFailure(VOTE_XCODE.ended, {
        'zh-CN': '评选已结束，报名已关闭',
        en: 'The contest has ended; sign-up is closed',
      });
    const answers = validateAnswers(formFields(contest), input.answers);
    const name = typeof answers.name === 'string' ? answers.name : '';
    if (!name)
      throw new ApiFailure(XCODE.badRequest, { 'zh-CN': '姓名不能为空！', en: 'Name cannot be empty!' });
    const text = JSON.stringify(answers);
    let row: SignUpRow | undefined;
    // Twice at most: an insert that meets a concurrent one finds that row on the second pass.
    for (let pass = 0; pass < 2 && !row; pass++) {
      const existing = await signUpOf(trx, contest.id, input.userId);
      if (existing && existing.status !== 'unpaid') {
        // A retried submit of the same form answers the sign-up it made; anything else is a second sign-up.
        if (existing.answers === text) return view(trx, contest, existing);
        throw new ApiFailure(VOTE_XCODE.alreadySignedUp, {
          'zh-CN': '您已报名本次评选，请勿重复提交',
          en: 'You have already signed up for this contest',
        });
      }
      row = existing
        ? // Not paid yet: the form may still be corrected.
          await trx
            .updateTable('vote_sign_ups')
            .set({ name, answers: text })
            .where('id', '=', existing.id)
            .where('status', '=', 'unpaid')
            .returningAll()
            .executeTakeFirst()
        : await trx
            .insertInto('vote_sign_ups')
            .values({
              contest_id: contest.id,
              user_id: input.userId,
              name,
              answers: text,
              status: 'unpaid',
              inviter_id: input.inviterId,
              created_at: Math.floor(input.nowMs / 1000),
            })
            .onConflict((conflict) => conflict.columns(['contest_id', 'user_id']).doNothing())
            .returningAll()
            .executeTakeFirst();
    }
    if (!row)
      throw new ApiFailure(VOTE_XCODE.alreadySignedUp, {
        'zh-CN': '您已报名本次评选，请勿重复提交',
        en: 'You have already signed up for this contest',
      });
    if (contest.sign_up_fee_cents <= 0) await runSteps(trx, advanceSteps(contest, row));
    return (await findSignUp(trx, contest, input.userId)) ?? view(trx, contest, row);
  });
}

/**
 * The organiser's decision on a pending sign-up (server/shop/routes.ts). The conditional update decides once: of two
 * concurrent decisions one finds the sign-up no longer pending.
 */
export function reviewSignUp(
  sql: Sql,
  signUpId: number,
  decision: 'approved' | 'rejected',
): Promise<{ contestId: number; player: NewPlayer | null }> {
  return sql.transaction().execute(async (trx) => {
    const row = await trx
      .updateTable('vote_sign_ups')
      .set({ status: decision })
      .where('id', '=', signUpId)
      .where('status', '=', 'pending')
      .returningAll()
      .executeTakeFirst();
    if (!row) throw new ApiFailure(XCODE.notFound, { 'zh-CN': '没有待审核的报名', en: 'No pending sign-up' });
    const player =
      decision === 'approved'
        ? await runSteps(trx, approve(await findContest({ sql: trx }, row.contest_id), row))
        : null;
    return { contestId: row.contest_id, player };
  });
}

/** The unpaid sign-up of a viewer whose fee a registration order pays. */
export async function unpaidSignUp(sql: Sql, contest: ContestRow, userId: number): Promise<{ id: number }> {
  if (contest.sign_up_fee_cents <= 0)
    throw new ApiFailure(VOTE_XCODE.notOffered, {
      'zh-CN': '本次评选报名免费，无需支付',
      en: 'Sign-up for this contest is free',
    });
  const row = await signUpOf(sql, contest.id, userId);
  if (!row)
    throw new ApiFailure(XCODE.badRequest, {
      'zh-CN': '请先填写报名信息',
      en: 'Please fill in the sign-up form first',
    });
  if (row.status !== 'unpaid')
    throw new ApiFailure(XCODE.badRequest, { 'zh-CN': '报名费已支付', en: 'The sign-up fee has been paid' });
  return { id: row.id };
}

/** A second payment of a sign-up's fee (two orders paid at once): refunded (server/wechat/orders.ts). */
const ALREADY_PAID = new OrderNotAvailable({
  'zh-CN': '报名费已支付，本次付款将原路退款',
  en: 'The sign-up fee was already paid: this payment is refunded',
});

/**
 * The fee is paid: the sign-up moves on, on the payment's transaction, once (of two orders paid for one sign-up, the
 * second finds it no longer unpaid and is refunded).
 */
export const signUpFeePaid: PaidHook = async (trx, order, _now, paid) => {
  const row = await trx
    .selectFrom('vote_sign_ups')
    .selectAll()
    .where('id', '=', order.ref_id)
    .executeTakeFirst();
  if (!row) return;
  if (row.status !== 'unpaid') throw ALREADY_PAID;
  const advanced = await runSteps(trx, advanceSteps(await findContest({ sql: trx }, row.contest_id), row));
  if (advanced === false) throw ALREADY_PAID;
  if (advanced) paid.afterCommit(({ rankings }) => rankings.place(row.contest_id, [advanced]));
};
