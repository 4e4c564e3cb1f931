import { minuteTimeFormat } from '../../lib/format';

/** China Standard Time, the organiser's time zone: UTC+8, no daylight saving since 1991. */
const CHINA_OFFSET_MS = 8 * 3_600_000;

const formats = new Map<string, Intl.DateTimeFormat>();

/** Intl's format for a locale, made once: each activity line shows two times. */
function intlFormat(locale: string): Intl.DateTimeFormat {
  let format = formats.get(locale);
  if (!format) {
    format = minuteTimeFormat(locale, 'Asia/Shanghai');
    formats.set(locale, format);
  }
  return format;
}

/**
 * Check-in times are shown in the organiser's time zone (China Standard Time). Chinese, the default, is written by
 * arithmetic as Intl writes it ('2026/06/01 09:30'): a page's first Intl date format loads ICU's locale and zone
 * data, ~40 ms of main thread on a desktop and ~4 times that on a phone, which the check-in page paid inside its first
 * render. Other locales go to Intl.
 */
export function formatTime(unixSeconds: number, locale: string): string {
  if (locale !== 'zh-CN') return intlFormat(locale).format(new Date(unixSeconds * 1000));
  const iso = new Date(unixSeconds * 1000 + CHINA_OFFSET_MS).toISOString();
  return `${iso.slice(0, 10).replaceAll('-', '/')} ${iso.slice(11, 16)}`;
}
