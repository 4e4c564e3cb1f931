/** Display formats: prices, masked phones, countdowns, abbreviated counts per locale, durations. */

/** Integer cents -> '1,234.50' (two decimals, thousands separators). Money stays integer cents everywhere else. */
export function formatPrice(cents: number): string {
  const negative = cents < 0;
  const absolute = Math.abs(Math.round(cents));
  const whole = Math.floor(absolute / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const fraction = String(absolute % 100).padStart(2, '0');
  return `${negative ? '-' : ''}${whole}.${fraction}`;
}

/** '13812345678' -> '138****5678': digits 4 to 7 hidden. Anything that is not 11 digits is returned as it is. */
export function maskPhone(phone: string): string {
  return /^\d{11}$/.test(phone) ? `${phone.slice(0, 3)}****${phone.slice(7)}` : phone;
}

export type Countdown = { days: number; hours: number; minutes: number; seconds: number };

/** Remaining time split into days, hours, minutes and seconds; never negative. */
export function countdown(ms: number): Countdown {
  const total = Math.max(0, Math.floor(ms / 1000));
  return {
    days: Math.floor(total / 86400),
    hours: Math.floor((total % 86400) / 3600),
    minutes: Math.floor((total % 3600) / 60),
    seconds: total % 60,
  };
}

// The app's texts format counts with it from the first load (i18n.ts): it lives apart so that the rest of this file
// loads with the pages that show prices, phones, countdowns and durations.
export { abbreviateCount } from './count';

/** Seconds -> 'm:ss' or 'h:mm:ss' (the 'continue from mm:ss' hint). */
export function formatDuration(seconds: number): string {
  const total = Math.max(0, Math.floor(seconds));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = String(total % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

/** How a date and time to the minute is written (24-hour clock), in the time zone given. */
export function minuteTimeFormat(locale: string, timeZone: string): Intl.DateTimeFormat {
  return new Intl.DateTimeFormat(locale, {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hour12: false,
  });
}
