/** How the Figures section writes a minute (China Standard Time, the events' time zone) and a duration. */
import { formatterOf } from '../app/format.ts';
import type { Locale } from '../app/i18n.ts';

const minuteFormat = formatterOf({
  timeZone: 'Asia/Shanghai',
  month: 'short',
  day: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

export function formatMinute(seconds: number, locale: Locale): string {
  return minuteFormat(locale).format(new Date(seconds * 1000));
}

/** Whole minutes and the seconds left. */
export const minutesAndSeconds = (seconds: number) => ({
  minutes: Math.floor(seconds / 60),
  seconds: seconds % 60,
});
