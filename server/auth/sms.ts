/**
 * Phone verification codes: 6 digits, only their hash is stored, valid 5 minutes, one send per phone per 60 s, at
 * most 10 sends per IP per hour, at most 5 wrong tries per code. In non-production modes the code is also kept in
 * memory for GET /dev/sms/last (tests and local runs read it there; no SMS gateway is wired).
 */
import crypto from 'node:crypto';
import type { Db } from '../db/database.ts';
import { ApiFailure, XCODE } from '../envelope.ts';

export const CODE_TTL_MS = 5 * 60 * 1000;
export const RESEND_MS = 60 * 1000;
export const MAX_PER_IP_PER_HOUR = 10;
export const MAX_ATTEMPTS = 5;

const hash = (phone: string, code: string) =>
  crypto.createHash('sha256').update(`${phone}:${code}`).digest('hex');

export const devCodes = new Map<string, string>();

export function sendCode(
  db: Db,
  input: { phone: string; purpose: 'login' | 'bind'; ip: string; now: number; keepForDev: boolean },
) {
  const { phone, purpose, ip, now } = input;
  const last = db
    .prepare<[string], { created_at: number }>(
      'SELECT created_at FROM sms_codes WHERE phone = ? ORDER BY created_at DESC LIMIT 1',
    )
    .get(phone);
  if (last && now - last.created_at < RESEND_MS) {
    const wait = Math.ceil((RESEND_MS - (now - last.created_at)) / 1000);
    throw new ApiFailure(XCODE.tooManyRequests, `Please wait ${wait} s before requesting another code`, {
      resend_after: wait,
    });
  }
  const { count } = db
    .prepare<[string, number], { count: number }>(
      'SELECT COUNT(*) AS count FROM sms_codes WHERE ip = ? AND created_at > ?',
    )
    .get(ip, now - 3600_000) as { count: number };
  if (count >= MAX_PER_IP_PER_HOUR)
    throw new ApiFailure(XCODE.tooManyRequests, 'Too many codes requested, please retry later');
  const code = String(crypto.randomInt(0, 1_000_000)).padStart(6, '0');
  db.prepare(
    'INSERT INTO sms_codes (phone, purpose, code_hash, ip, created_at, expires_at) VALUES (?, ?, ?, ?, ?, ?)',
  ).run(phone, purpose, hash(phone, code), ip, now, now + CODE_TTL_MS);
  if (input.keepForDev) devCodes.set(phone, code);
  return { resend_after: RESEND_MS / 1000, code };
}

/** Checks and consumes the newest code for the phone; wrong tries count, and the fifth one burns the code. */
export function verifyCode(
  db: Db,
  input: { phone: string; code: string; purpose: 'login' | 'bind'; now: number },
): void {
  const row = db
    .prepare<
      [string, string],
      { id: number; code_hash: string; expires_at: number; attempts: number; used_at: number | null }
    >(
      'SELECT id, code_hash, expires_at, attempts, used_at FROM sms_codes WHERE phone = ? AND purpose = ? ORDER BY created_at DESC LIMIT 1',
    )
    .get(input.phone, input.purpose);
  if (!row || row.used_at !== null)
    throw new ApiFailure(XCODE.badRequest, 'Please request a verification code first');
  if (row.expires_at <= input.now)
    throw new ApiFailure(XCODE.badRequest, 'The verification code has expired, please request a new one');
  if (row.attempts >= MAX_ATTEMPTS)
    throw new ApiFailure(XCODE.tooManyRequests, 'Too many wrong codes, please request a new one');
  if (row.code_hash !== hash(input.phone, input.code)) {
    db.prepare('UPDATE sms_codes SET attempts = attempts + 1 WHERE id = ?').run(row.id);
    throw new ApiFailure(XCODE.badRequest, 'The verification code is wrong');
  }
  db.prepare('UPDATE sms_codes SET used_at = ? WHERE id = ?').run(input.now, row.id);
}
