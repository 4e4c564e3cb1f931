import type { Locale } from '../engine/config';

/** Made on first use: building a compact-notation formatter loads ICU data, tens of ms at a phone's speed. */
let compactEnglish: Intl.NumberFormat | undefined;

/**
 * Counts whose digits run over 4 characters are abbreviated in the locale's compact notation: in units of 10,000 in
 * Chinese as the spec says (12345 -> '1.2万', one decimal, truncated, trailing '.0' dropped; 123456789 ->
 * '12345.6万'), thousands and millions in English (12345 -> '12K', 2623456 -> '2.6M').
 */
export function abbreviateCount(count: number, locale: Locale | string = 'zh-CN'): string {
  if (String(Math.trunc(Math.abs(count))).length <= 4) return String(count);
  if (locale === 'en') {
    compactEnglish ??= new Intl.NumberFormat('en', { notation: 'compact', roundingMode: 'trunc' });
    return compactEnglish.format(count);
  }
  const tenThousands = Math.trunc((count / 10000) * 10) / 10;
  return `${tenThousands.toFixed(1).replace(/\.0$/, '')}万`;
}
