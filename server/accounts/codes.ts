/**
 * What every login code send does, SMS and e-mail alike: the recipient's limits on its stored codes (one per 60 s,
 * CODES_PER_PHONE_PER_HOUR / CODES_PER_EMAIL_PER_HOUR), the network address's, the places in the shared state
 * (code-limits.ts), then a fresh 6-digit code stored as its hash and delivered. A code that could not be delivered is
 * removed at once: it was never seen, so it neither opens a login nor counts against the recipient's stored codes
 * (the places it took in the shared state stay taken, so a failing address cannot be asked for again and again).
 */
import crypto from 'node:crypto';
import type { CodeLimits } from '../config.ts';
import type { SharedState } from '../shared/state.ts';
import {
  HOUR_MS,
  recipientLimitReached,
  RESEND_MS,
  senderLimitReached,
  takeCodePlaces,
  waitBeforeResend,
  type CodeKind,
} from './code-limits.ts';

/** Where one kind of code is kept: its table's queries for the limits, the insert and the removal. */
export type CodeStore = {
  kind: CodeKind;
  /** The recipient's hourly limit among the settings. */
  perRecipient(limits: CodeLimits): number;
  /** Codes sent to the recipient since `since`, and when the newest was. */
  sentTo(to: string, since: number): Promise<{ count: number; last: number }>;
  /** Codes asked for from the network address since `since`. */
  sentFrom(ip: string, since: number): Promise<number>;
  /** Stores the code (as its hash); answers its row id. */
  insert(to: string, code: string, input: { ip: string; now: number }): Promise<number>;
  remove(id: number): Promise<void>;
};

export type CodeRequest = {
  to: string;
  ip: string;
  /** The browser's device id (server/accounts/device.ts). */
  device: string;
  now: number;
  limits: CodeLimits;
  /** Sends the code to the recipient; throws the viewer's ApiFailure when it could not. */
  deliver(code: string): Promise<void>;
};

export async function sendOneTimeCode(
  shared: SharedState,
  store: CodeStore,
  request: CodeRequest,
): Promise<{ resend_after: number; code: string }> {
  const { to, ip, now, limits } = request;
  const recent = await store.sentTo(to, now - HOUR_MS);
  if (recent.last && now - recent.last < RESEND_MS)
    throw waitBeforeResend(Math.ceil((RESEND_MS - (now - recent.last)) / 1000));
  if (recent.count >= store.perRecipient(limits)) throw recipientLimitReached(store.kind);
  if ((await store.sentFrom(ip, now - HOUR_MS)) >= limits.perIp) throw senderLimitReached();
  await takeCodePlaces(shared, { kind: store.kind, to, device: request.device, ip, now, limits });
  const code = String(crypto.randomInt(0, 1_000_000)).padStart(6, '0');
  const id = await store.insert(to, code, { ip, now });
  try {
    await request.deliver(code);
  } catch (error) {
    await store.remove(id);
    throw error;
  }
  return { resend_after: RESEND_MS / 1000, code };
}
