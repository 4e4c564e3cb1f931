/** How the console writes times and money: China Standard Time (the events' time zone), yuan with two decimals. */
import type { Locale } from './i18n.ts';

/** One formatter per language for `options`, made when first asked: making one costs more than formatting with it. */
export function formatterOf(options: Intl.DateTimeFormatOptions): (locale: Locale) => Intl.DateTimeFormat {
  const byLocale = new Map<Locale, Intl.DateTimeFormat>();
  return (locale) => {
    let format = byLocale.get(locale);
    if (!format) {
      format = new Intl.DateTimeFormat(locale, options);
      byLocale.set(locale, format);
    }
    return format;
  };
}

const startFormat = formatterOf({ timeZone: 'Asia/Shanghai', dateStyle: 'medium', timeStyle: 'short' });

export function formatStart(seconds: number, locale: Locale): string {
  return startFormat(locale).format(new Date(seconds * 1000));
}

const clockFormat = formatterOf({ timeZone: 'Asia/Shanghai', timeStyle: 'medium' });
const clockTexts = new Map<string, string>();
/** Clock texts kept at most: a few minutes of a busy chat's seconds. */
const MAX_CLOCK_TEXTS = 1000;

/**
 * The time of day to the second (a chat line's), each second's text made once: formatting a time for every row that
 * mounts was a tenth of the chat list's work at 500 lines/s.
 */
export function formatClock(ms: number, locale: Locale): string {
  const key = `${locale} ${Math.floor(ms / 1000)}`;
  let text = clockTexts.get(key);
  if (text === undefined) {
    text = clockFormat(locale).format(new Date(ms));
    if (clockTexts.size >= MAX_CLOCK_TEXTS) clockTexts.clear();
    clockTexts.set(key, text);
  }
  return text;
}

export const formatYuan = (cents: number) => `¥${(cents / 100).toFixed(2)}`;

/** `datetime-local` text (China Standard Time) of unix seconds, and back. */
export function toLocalInput(seconds: number): string {
  return new Date((seconds + 8 * 3600) * 1000).toISOString().slice(0, 16);
}

export function fromLocalInput(text: string): number | undefined {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(text)) return undefined;
  return Date.parse(`${text}:00+08:00`) / 1000;
}
