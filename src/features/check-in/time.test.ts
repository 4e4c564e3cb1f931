import { describe, expect, it } from 'vitest';
import { formatTime } from './time';
import { minuteTimeFormat } from '../../lib/format';

describe('check-in times', () => {
  it('writes Chinese times in China Standard Time as Intl does, every 97 minutes of a year', () => {
    const intl = minuteTimeFormat('zh-CN', 'Asia/Shanghai');
    for (let ms = Date.UTC(2026, 0, 1); ms < Date.UTC(2027, 0, 1); ms += 97 * 60_000) {
      const seconds = ms / 1000;
      expect(formatTime(seconds, 'zh-CN')).toBe(intl.format(ms));
    }
    expect(formatTime(Date.UTC(2026, 5, 1, 1, 30) / 1000, 'zh-CN')).toBe('2026/06/01 09:30');
  });

  it('writes other locales with Intl', () => {
    expect(formatTime(Date.UTC(2026, 5, 1, 1, 30) / 1000, 'en')).toBe('06/01/2026, 09:30');
  });
});
