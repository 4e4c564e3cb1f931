/**
 * One-time codes that prove an e-mail address: 6 digits mailed to the address, only their hash stored, valid 10
 * minutes, 5 wrong tries burn a code. Sends are limited per address (one per 60 s, CODES_PER_EMAIL_PER_HOUR), per
 * device and per network address (codes.ts, code-limits.ts, settings in server/config.ts); a mail that could not be
 * sent leaves no code behind. Consumed and counted by
 * conditional updates (exact under concurrency on PostgreSQL too).
 */
import crypto from 'node:crypto';
import type { CodeLimits } from '../config.ts';
import type { Sql } from '../db/sql.ts';
import { ApiFailure, XCODE, type Locale } from '../envelope.ts';
import { RESEND_MS } from './code-limits.ts';
import { sendOneTimeCode, tableCodeStore } from './codes.ts';
import type { Services } from '../services.ts';

export const EMAIL_CODE_TTL_MS = 10 * 60 * 1000;
export const EMAIL_RESEND_MS = RESEND_MS;
export const EMAIL_MAX_ATTEMPTS = 5;

const hash = (email: string, code: string) =>
  crypto.createHash('sha256').update(`mail:${email}:${code}`).digest('hex');

export const normaliseEmail = (email: string) => email.trim().toLowerCase();

/** The mailed codes' table (email_codes) for the code-sending core. */
const emailCodes = (sql: Sql) =>
  tableCodeStore(sql, {
    kind: 'mail',
    table: 'email_codes',
    column: 'email',
    perRecipient: (limits) => limits.perEmail,
    row: (email, code, now) => ({ code_hash: hash(email, code), expires_at: now + EMAIL_CODE_TTL_MS }),
  });

export async function sendEmailCode(
  services: Pick<Services, 'sql' | 'shared' | 'mailer'>,
  input: {
    email: string;
    ip: string;
    /** The browser's device id (server/accounts/device.ts). */
    device: string;
    now: number;
    locale: Locale;
    limits: CodeLimits;
  },
): Promise<{ resend_after: number; code: string }> {
  const { sql, shared, mailer } = services;
  const { email, locale } = input;
  const minutes = EMAIL_CODE_TTL_MS / 60_000;
  return sendOneTimeCode(shared, emailCodes(sql), {
    to: email,
    ip: input.ip,
    device: input.device,
    now: input.now,
    limits: input.limits,
    async deliver(code) {
      try {
        await mailer.send({
          to: email,
          code,
          subject: locale === 'en' ? `Your login code: ${code}` : `您的登录验证码：${code}`,
          text:
            locale === 'en'
              ? `Your livev3 login code is ${code}. It is valid for ${minutes} minutes. If you did not ask for it, ignore this mail.`
              : `您的 livev3 登录验证码是 ${code}，${minutes} 分钟内有效。如非本人操作，请忽略本邮件。`,
        });
      } catch {
        throw new ApiFailure(XCODE.internal, {
          'zh-CN': '邮件发送失败，请稍后再试',
          en: 'The mail could not be sent, please retry later',
        });
      }
    },
  });
}

/** Checks and consumes the newest code mailed to the address. */
export async function verifyEmailCode(
  sql: Sql,
  input: { email: string; code: string; now: number },
): Promise<void> {
  const row = await sql
    .selectFrom('email_codes')
    .select(['id', 'code_hash', 'expires_at', 'attempts', 'used_at'])
    .where('email', '=', input.email)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  const requestFirst = new ApiFailure(XCODE.badRequest, {
    'zh-CN': '请先获取验证码',
    en: 'Please request a verification code first',
  });
  if (!row || row.used_at !== null) throw requestFirst;
  if (Number(row.expires_at) <= input.now)
    throw new ApiFailure(XCODE.badRequest, {
      'zh-CN': '验证码已过期，请重新获取',
      en: 'The verification code has expired, please request a new one',
    });
  const tooMany = new ApiFailure(XCODE.tooManyRequests, {
    'zh-CN': '验证码错误次数过多，请重新获取',
    en: 'Too many wrong codes, please request a new one',
  });
  if (row.attempts >= EMAIL_MAX_ATTEMPTS) throw tooMany;
  if (row.code_hash !== hash(input.email, input.code)) {
    const counted = await sql
      .updateTable('email_codes')
      .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
      .where('id', '=', row.id)
      .where('attempts', '<', EMAIL_MAX_ATTEMPTS)
      .returning('id')
      .executeTakeFirst();
    if (!counted) throw tooMany;
    throw new ApiFailure(XCODE.badRequest, { 'zh-CN': '验证码错误', en: 'The verification code is wrong' });
  }
  const used = await sql
    .updateTable('email_codes')
    .set({ used_at: input.now })
    .where('id', '=', row.id)
    .where('used_at', 'is', null)
    .where('attempts', '<', EMAIL_MAX_ATTEMPTS)
    .returning('id')
    .executeTakeFirst();
  if (!used) throw requestFirst;
}
