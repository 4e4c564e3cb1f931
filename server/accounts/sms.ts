/**
 * Phone verification codes: 6 digits texted through the SMS provider (services.sms, server/sms/), only their hash
 * stored, valid 5 minutes, at most 5 wrong tries per code. Sends are limited per phone (one per 60 s,
 * CODES_PER_PHONE_PER_HOUR), per device and per network address (codes.ts, code-limits.ts, settings in
 * server/config.ts). A text the provider refused is the viewer's message (its limits on a number say how long to
 * wait) and leaves no code behind. Correct on PostgreSQL too: a code is consumed and a wrong try counted by
 * conditional updates, never read-then-write.
 */
import crypto from 'node:crypto';
import type { CodeLimits } from '../config.ts';
import type { Sql } from '../db/sql.ts';
import { ApiFailure, XCODE } from '../envelope.ts';
import type { Services } from '../services.ts';
import { refusalFailure, SmsRefused } from '../sms/provider.ts';
import { RESEND_MS } from './code-limits.ts';
import { sendOneTimeCode, tableCodeStore } from './codes.ts';

export const CODE_TTL_MS = 5 * 60 * 1000;
export { RESEND_MS };
export const MAX_ATTEMPTS = 5;

const hash = (phone: string, code: string) =>
  crypto.createHash('sha256').update(`${phone}:${code}`).digest('hex');

export type SmsPurpose = 'login' | 'bind';

/** Phone codes are off on this site (PHONE_CODES=off): the viewer is told to log in another way. */
export const phoneCodesOff = () =>
  new ApiFailure(XCODE.forbidden, {
    'zh-CN': '本站未开通手机验证码，请使用微信或邮箱登录',
    en: 'Phone codes are not offered on this site, please log in with WeChat or e-mail',
  });

/** The texted codes' table (sms_codes) for the code-sending core. */
const smsCodes = (sql: Sql, purpose: SmsPurpose) =>
  tableCodeStore(sql, {
    kind: 'sms',
    table: 'sms_codes',
    column: 'phone',
    perRecipient: (limits) => limits.perPhone,
    row: (phone, code, now) => ({ purpose, code_hash: hash(phone, code), expires_at: now + CODE_TTL_MS }),
  });

export async function sendCode(
  services: Pick<Services, 'sql' | 'shared' | 'sms'>,
  input: {
    phone: string;
    purpose: SmsPurpose;
    ip: string;
    /** The browser's device id (server/accounts/device.ts). */
    device: string;
    now: number;
    limits: CodeLimits;
  },
) {
  const { sql, shared, sms } = services;
  const { sender } = sms;
  if (!sender) throw phoneCodesOff();
  return sendOneTimeCode(shared, smsCodes(sql, input.purpose), {
    to: input.phone,
    ip: input.ip,
    device: input.device,
    now: input.now,
    limits: input.limits,
    async deliver(code) {
      try {
        await sender.sendCode(input.phone, code);
      } catch (error) {
        if (!(error instanceof SmsRefused)) throw error;
        sms.log(`text to ${input.phone.slice(0, 3)}****${input.phone.slice(7)} refused: ${error.message}`);
        throw refusalFailure(error, { now: input.now, minWaitS: RESEND_MS / 1000 });
      }
    },
  });
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
