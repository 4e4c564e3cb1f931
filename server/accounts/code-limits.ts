/**
 * The limits every login code send passes, SMS and e-mail alike (each kind counted apart): one code per phone number
 * or e-mail address per 60 s, and per hour at most `CodeLimits` (server/config.ts) per recipient, per device (the
 * `livev3_device` cookie, server/accounts/device.ts) and per network address. The senders first count their stored codes
 * (which survive restarts); these places are then taken atomically in the shared state (Redis with several nodes),
 * so concurrent requests, on any node, cannot all pass the counts before one inserts. The device has only its place:
 * a client that drops its cookies is a new device each time and is held by the per-recipient and per-address limits.
 */
import type { CodeLimits } from '../config.ts';
import { ApiFailure, XCODE } from '../envelope.ts';
import type { SharedState } from '../shared/state.ts';

export const RESEND_MS = 60 * 1000;
export const HOUR_MS = 3600_000;

export type CodeKind = 'sms' | 'mail';

/** Refused: another code to this recipient within 60 s; `data.resend_after` says how long to wait. */
export function waitBeforeResend(seconds: number): ApiFailure {
  return new ApiFailure(
    XCODE.tooManyRequests,
    {
      'zh-CN': `请 ${seconds} 秒后再获取验证码`,
      en: `Please wait ${seconds} s before requesting another code`,
    },
    { resend_after: seconds },
  );
}

/** Refused: the recipient's codes of the hour are used up. */
export function recipientLimitReached(kind: CodeKind): ApiFailure {
  return new ApiFailure(
    XCODE.tooManyRequests,
    kind === 'sms'
      ? {
          'zh-CN': '该手机号获取验证码次数过多，请 1 小时后再试',
          en: 'Too many codes for this number, please retry in an hour',
        }
      : {
          'zh-CN': '该邮箱获取验证码次数过多，请 1 小时后再试',
          en: 'Too many codes for this e-mail address, please retry in an hour',
        },
  );
}

/** Refused: the device's or the network address's codes of the hour are used up. */
export function senderLimitReached(): ApiFailure {
  return new ApiFailure(XCODE.tooManyRequests, {
    'zh-CN': '获取验证码过于频繁，请稍后再试',
    en: 'Too many codes requested, please retry later',
  });
}

/**
 * Takes the places of one send in the shared state; throws the refusal when one is full. A place taken stays taken
 * when a later one refuses, so the sender's come first: a device over its limit must not use up the 60 s and the
 * hourly codes of the phone it asked for. (The recipient's limits were checked on the stored codes just before:
 * they refuse here only when concurrent requests raced past that check.)
 */
export async function takeCodePlaces(
  shared: SharedState,
  input: { kind: CodeKind; to: string; device: string; ip: string; now: number; limits: CodeLimits },
): Promise<void> {
  const { kind, to, device, ip, now, limits } = input;
  if (!(await shared.takePlace(`${kind}-device:${device}`, limits.perDevice, HOUR_MS, now)))
    throw senderLimitReached();
  // Keys as before the hourly limits (`sms-to:`, `sms-ip:`, `mail-to:`, `mail-ip:`), so windows in Redis carry over.
  if (!(await shared.takePlace(`${kind}-ip:${ip}`, limits.perIp, HOUR_MS, now))) throw senderLimitReached();
  if (!(await shared.takePlace(`${kind}-to:${to}`, 1, RESEND_MS, now)))
    throw waitBeforeResend(RESEND_MS / 1000);
  const perRecipient = kind === 'sms' ? limits.perPhone : limits.perEmail;
  if (!(await shared.takePlace(`${kind}-hour:${to}`, perRecipient, HOUR_MS, now)))
    throw recipientLimitReached(kind);
}
