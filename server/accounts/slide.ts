/**
 * The slide check ('Please slide to verify') before an SMS code is sent. A track check, verified here:
 *
 * 1. `issueChallenge` hands out a random challenge bound to the phone (2 minutes), at most SLIDE_CHALLENGES_PER_IP
 *    (server/config.ts) per address per 10 minutes, counted in the shared state (server/shared/state.ts, like the
 *    code senders' limits).
 * 2. The viewer drags the handle (or moves it with the keyboard) to the end; the app sends the track: points
 *    `[position 0-1000, ms since the start]`. `verifySlide` accepts a track that starts at 0, ends at the end, moves
 *    forward, took at least MIN_TRACK_MS by the app's clock and at least that long by the server's clock since the
 *    challenge was issued; then it issues a ticket (random, only its hash stored) bound to the same phone, valid 2
 *    minutes. One challenge yields one ticket (a conditional update).
 * 3. `consumeTicket`: the SMS send consumes the ticket once (conditional update on `ticket_used_at IS NULL`), for the
 *    phone it was issued for. A missing, replayed, expired or other-phone ticket is refused.
 *
 * What it does and does not do: it makes every code request cost a fresh server round trip and a human-paced
 * interaction, which together with the per-phone and per-IP limits of sms.ts stops scripted SMS bombing at volume;
 * it is not a CAPTCHA against a determined bot that replays plausible tracks (no image puzzle is solvable by people
 * using screen readers either, which this check must be).
 */
import crypto from 'node:crypto';
import { DEFAULT_CODE_LIMITS } from '../config.ts';
import type { Sql } from '../db/sql.ts';
import { ApiFailure, XCODE } from '../envelope.ts';
import type { Services } from '../services.ts';

export const CHALLENGE_TTL_MS = 2 * 60 * 1000;
export const TICKET_TTL_MS = 2 * 60 * 1000;
export const MIN_TRACK_MS = 300;
export const TRACK_END = 1000;
/**
 * Challenges per IP per 10 minutes unless the server's settings say (SLIDE_CHALLENGES_PER_IP): a venue's Wi-Fi puts
 * every viewer behind one address, so it leaves room for the venue's codes (CODES_PER_IP_PER_HOUR) and retries.
 */
export const MAX_CHALLENGES_PER_IP = DEFAULT_CODE_LIMITS.slidePerIp;
const CHALLENGE_WINDOW_MS = 10 * 60 * 1000;

const sha256 = (value: string) => crypto.createHash('sha256').update(value).digest('hex');

export const SLIDE_AGAIN = {
  'zh-CN': '请滑动验证',
  en: 'Please slide to verify',
} as const;

export async function issueChallenge(
  services: Pick<Services, 'sql' | 'shared'>,
  input: { phone: string; ip: string; now: number; maxPerIp?: number },
) {
  const { sql, shared } = services;
  const { now, maxPerIp = MAX_CHALLENGES_PER_IP } = input;
  // Counted in the shared state (Redis with several nodes), where check and take are one step: counting the stored
  // challenges let concurrent requests all pass before one was inserted, and each node counted only its own.
  const key = `slide-ip:${input.ip}`;
  if (!(await shared.takePlace(key, maxPerIp, CHALLENGE_WINDOW_MS, now)))
    throw new ApiFailure(XCODE.tooManyRequests, {
      'zh-CN': '验证太频繁，请稍后再试',
      en: 'Too many verifications, please retry later',
    });
  const id = crypto.randomBytes(16).toString('base64url');
  await sql
    .insertInto('slide_challenges')
    .values({ id, phone: input.phone, ip: input.ip, created_at: now, expires_at: now + CHALLENGE_TTL_MS })
    .execute();
  return { challenge_id: id, end: TRACK_END, expires_in: CHALLENGE_TTL_MS / 1000 };
}

export type TrackPoint = [position: number, ms: number];

/** Why a track is not a slide to the end, or null when it is. */
export function trackProblem(track: TrackPoint[]): string | null {
  if (track.length < 2) return 'too few points';
  const [first] = track;
  const last = track[track.length - 1];
  if (first[0] > 50) return 'does not start at the beginning';
  if (last[0] < TRACK_END - 20) return 'does not reach the end';
  for (let i = 1; i < track.length; i += 1) {
    if (track[i][1] < track[i - 1][1]) return 'time goes backwards';
    if (track[i][0] < track[i - 1][0] - 50) return 'moves backwards';
  }
  if (last[1] - first[1] < MIN_TRACK_MS) return 'too fast';
  return null;
}

export async function verifySlide(
  sql: Sql,
  input: { challengeId: string; phone: string; track: TrackPoint[]; now: number },
): Promise<{ ticket: string; expires_in: number }> {
  const { now } = input;
  const challenge = await sql
    .selectFrom('slide_challenges')
    .select(['phone', 'created_at', 'expires_at', 'solved_at'])
    .where('id', '=', input.challengeId)
    .executeTakeFirst();
  if (
    !challenge ||
    challenge.phone !== input.phone ||
    challenge.solved_at !== null ||
    challenge.expires_at <= now
  )
    throw new ApiFailure(XCODE.badRequest, SLIDE_AGAIN);
  const problem = trackProblem(input.track);
  if (problem || now - challenge.created_at < MIN_TRACK_MS)
    throw new ApiFailure(XCODE.badRequest, SLIDE_AGAIN, { reason: problem ?? 'too fast' });
  const ticket = crypto.randomBytes(24).toString('base64url');
  const solved = await sql
    .updateTable('slide_challenges')
    .set({ solved_at: now, ticket_hash: sha256(ticket), ticket_expires_at: now + TICKET_TTL_MS })
    .where('id', '=', input.challengeId)
    .where('solved_at', 'is', null)
    .returning('id')
    .executeTakeFirst();
  if (!solved) throw new ApiFailure(XCODE.badRequest, SLIDE_AGAIN);
  return { ticket, expires_in: TICKET_TTL_MS / 1000 };
}

/** Uses a ticket up for one code send to `phone`; anything but a fresh, unused ticket of that phone is refused. */
export async function consumeTicket(
  sql: Sql,
  input: { ticket: string; phone: string; now: number },
): Promise<void> {
  if (!input.ticket) throw new ApiFailure(XCODE.badRequest, SLIDE_AGAIN);
  const used = await sql
    .updateTable('slide_challenges')
    .set({ ticket_used_at: input.now })
    .where('ticket_hash', '=', sha256(input.ticket))
    .where('phone', '=', input.phone)
    .where('ticket_used_at', 'is', null)
    .where('ticket_expires_at', '>', input.now)
    .returning('id')
    .executeTakeFirst();
  if (!used) throw new ApiFailure(XCODE.badRequest, SLIDE_AGAIN);
}
