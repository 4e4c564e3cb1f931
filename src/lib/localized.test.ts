import { describe, expect, it } from 'vitest';
import { localized } from './localized';

describe('localized', () => {
  it("shows the organiser's English version in English, the original otherwise", () => {
    expect(localized('幸运抽奖', 'Lucky draw', 'en')).toBe('Lucky draw');
    expect(localized('幸运抽奖', 'Lucky draw', 'zh-CN')).toBe('幸运抽奖');
  });
  it('falls back to the original where no English version was written', () => {
    expect(localized('幸运抽奖', '', 'en')).toBe('幸运抽奖');
    expect(localized('幸运抽奖', undefined, 'en')).toBe('幸运抽奖');
    expect(localized('幸运抽奖', null, 'en')).toBe('幸运抽奖');
  });
});
