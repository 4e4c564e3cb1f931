/** How the console writes times and money: China Standard Time (the events' time zone), yuan with two decimals. */
import type { Locale } from './i18n.ts';

export function formatStart(seconds: number, locale: Locale): string {
  return new Intl.DateTimeFormat(locale, {
    timeZone: 'Asia/Shanghai',
    dateStyle: 'medium',
    timeStyle: 'short',
  }).format(new Date(seconds * 1000));
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
