import { minuteTimeFormat } from '../../lib/format';

/** A unix time shown in the organiser's time zone. */
export function formatTime(unixSeconds: number, locale: string, timeZone: string): string {
  return minuteTimeFormat(locale, timeZone).format(new Date(unixSeconds * 1000));
}
