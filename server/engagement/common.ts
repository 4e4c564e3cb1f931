/**
 * What the four engagement parts share: their error codes, organiser calendar days, the masks of names and phones, and a small
 * per-key rate limiter.
 */
import { ApiFailure, type LocalizedText } from '../envelope.ts';

/** Error xcodes (msg in the request's locale, zh-CN by default). Listed in server/README.md. */
export const ENGAGE_XCODE = {
  lotteryNotStarted: 40601,
  lotteryEnded: 40602,
  drawLimit: 40603,
  notEligible: 40604,
  notAWinner: 40605,
  deliveryGiven: 40606,
  badPhone: 40607,
  bonusClaimed: 40701,
  checkInClosed: 40801,
  needLocation: 40802,
  tooFar: 40803,
  notStaff: 40804,
  noScore: 40901,
  rankHidden: 40902,
} as const;

export function fail(xcode: number, texts: LocalizedText): never {
  throw new ApiFailure(xcode, texts);
}

export function notFound(what: LocalizedText): never {
  throw new ApiFailure(404, what);
}

const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** The organiser's calendar day ('YYYY-MM-DD') of a unix time in an IANA time zone. */
export function dayIn(timeZone: string, unixSeconds: number): string {
  let format = dayFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    dayFormats.set(timeZone, format);
  }
  return format.format(new Date(unixSeconds * 1000));
}

/** The calendar day `offset` days from `day` ('YYYY-MM-DD'). */
export function addDays(day: string, offset: number): string {
  const [year, month, date] = day.split('-').map(Number);
  return new Date(Date.UTC(year, month - 1, date + offset)).toISOString().slice(0, 10);
}

/** A phone shown to others: digits 4 to 7 hidden (138****5678). */
export function maskPhone(phone: string): string {
  if (phone.length < 7) return phone.replace(/./g, '*');
  return `${phone.slice(0, 3)}****${phone.slice(7)}`;
}

/** A name with only its first (and, from three characters, last) character shown: 张*, 张*丰, A***e. */
export function maskName(name: string): string {
  const chars = [...name.trim()];
  if (chars.length === 0) return '*';
  if (chars.length <= 2) return `${chars[0]}*`;
  return `${chars[0]}${'*'.repeat(chars.length - 2)}${chars[chars.length - 1]}`;
}

/** Mainland mobile number: 11 digits, first 1, second 3 to 9 (the rule the app checks too: src/lib/validators.ts). */
export const MOBILE = /^1[3-9]\d{9}$/;

export type Status = 'not_started' | 'open' | 'ended';

export function windowStatus(startsAt: number, endsAt: number, now: number): Status {
  if (now < startsAt) return 'not_started';
  if (now >= endsAt) return 'ended';
  return 'open';
}
