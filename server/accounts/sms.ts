/**
 * Phone verification codes: 6 digits, only their hash is stored, valid 5 minutes, at most 5 wrong tries per code.
 * Sends are limited per phone (one per 60 s, CODES_PER_PHONE_PER_HOUR), per device and per network address
 * (code-limits.ts, settings in server/config.ts). In non-production modes the code is also kept in the shared state
 * (memory, or Redis for several nodes) for GET /dev/sms/last and answered to the app (no SMS gateway is wired).
 * Correct on PostgreSQL too: a code is consumed and a wrong try counted by conditional updates, never read-then-write.
 */
import crypto from 'node:crypto';
import type { CodeLimits } from '../config.ts';
import type { Sql } from '../db/sql.ts';
import { ApiFailure, XCODE } from '../envelope.ts';
import type { SharedState } from '../shared/state.ts';
import type { Services } from '../services.ts';
import {
  HOUR_MS,
  recipientLimitReached,
  RESEND_MS,
  senderLimitReached,
  takeCodePlaces,
  waitBeforeResend,
} from './code-limits.ts';

export const CODE_TTL_MS = 5 * 60 * 1000;
export { RESEND_MS };
export const MAX_ATTEMPTS = 5;

const hash = (phone: string, code: string) =>
  crypto.createHash('sha256').update(`${phone}:${code}`).digest('hex');

const devCodeKey = (phone: string) => `dev-sms:${phone}`;

/** The last code sent to the phone outside production (GET /dev/sms/last), or null. */
export const lastDevCode = (state: SharedState, phone: string) => state.read(devCodeKey(phone));

export type SmsPurpose = 'login' | 'bind';

export async function sendCode(
  services: Pick<Services, 'sql' | 'shared'>,
  input: {
    phone: string;
    purpose: SmsPurpose;
    ip: string;
    /** The browser's device id (server/accounts/device.ts). */
    device: string;
    now: number;
    keepForDev: boolean;
    limits: CodeLimits;
  },
) {
  const { sql, shared } = services;
  const { phone, purpose, ip, now, limits } = input;
  const recent = await sql
    .selectFrom('sms_codes')
    .select((eb) => [eb.fn.countAll<number>().as('count'), eb.fn.max('created_at').as('last')])
    .where('phone', '=', phone)
    .where('created_at', '>', now - HOUR_MS)
    .executeTakeFirst();
  const last = Number(recent?.last ?? 0);
  if (last && now - last < RESEND_MS) throw waitBeforeResend(Math.ceil((RESEND_MS - (now - last)) / 1000));
  if (Number(recent?.count ?? 0) >= limits.perPhone) throw recipientLimitReached('sms');
  const sent = await sql
    .selectFrom('sms_codes')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('ip', '=', ip)
    .where('created_at', '>', now - HOUR_MS)
    .executeTakeFirst();
  if (Number(sent?.count ?? 0) >= limits.perIp) throw senderLimitReached();
  await takeCodePlaces(shared, { kind: 'sms', to: phone, device: input.device, ip, now, limits });
  const code = String(crypto.randomInt(0, 1_000_000)).padStart(6, '0');
  await sql
    .insertInto('sms_codes')
    .values({
      phone,
      purpose,
      code_hash: hash(phone, code),
      ip,
      created_at: now,
      expires_at: now + CODE_TTL_MS,
    })
    .execute();
  if (input.keepForDev) await shared.put(devCodeKey(phone), code, CODE_TTL_MS);
  return { resend_after: RESEND_MS / 1000, code };
}

/** Checks and consumes the newest code for the phone; wrong tries count, and the fifth one burns the code. */
export async function verifyCode(
  sql: Sql,
  input: { phone: string; code: string; purpose: SmsPurpose; now: number },
): Promise<void> {
  const row = await sql
    .selectFrom('sms_codes')
    .select(['id', 'code_hash', 'expires_at', 'attempts', 'used_at'])
    .where('phone', '=', input.phone)
    .where('purpose', '=', input.purpose)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!row || row.used_at !== null)
    throw new ApiFailure(XCODE.badRequest, {
      'zh-CN': '请先获取验证码',
      en: 'Please request a verification code first',
    });
  if (Number(row.expires_at) <= input.now)
    throw new ApiFailure(XCODE.badRequest, {
      'zh-CN': '验证码已过期，请重新获取',
      en: 'The verification code has expired, please request a new one',
    });
  const tooMany = new ApiFailure(XCODE.tooManyRequests, {
    'zh-CN': '验证码错误次数过多，请重新获取',
    en: 'Too many wrong codes, please request a new one',
  });
  if (row.attempts >= MAX_ATTEMPTS) throw tooMany;
  if (row.code_hash !== hash(input.phone, input.code)) {
    const counted = await sql
      .updateTable('sms_codes')
      .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
      .where('id', '=', row.id)
      .where('attempts', '<', MAX_ATTEMPTS)
      .returning('attempts')
      .executeTakeFirst();
    if (!counted) throw tooMany;
    throw new ApiFailure(XCODE.badRequest, { 'zh-CN': '验证码错误', en: 'The verification code is wrong' });
  }
  // One use: of concurrent right answers only one consumes the code.
  const used = await sql
    .updateTable('sms_codes')
    .set({ used_at: input.now })
    .where('id', '=', row.id)
    .where('used_at', 'is', null)
    .where('attempts', '<', MAX_ATTEMPTS)
    .returning('id')
    .executeTakeFirst();
  if (!used)
    throw new ApiFailure(XCODE.badRequest, {
      'zh-CN': '请先获取验证码',
      en: 'Please request a verification code first',
    });
}
