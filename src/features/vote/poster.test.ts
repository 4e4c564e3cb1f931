// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { fitText, resolveCssColor } from './poster';

describe('poster text', () => {
  it('keeps text that fits and ellipsises text that does not', () => {
    const measure = (text: string) => text.length * 10;
    expect(fitText(measure, 'abc', 30)).toBe('abc');
    expect(fitText(measure, 'abcdef', 40)).toBe('abc…');
  });

  it('passes literal colours through and resolves theme variables', () => {
    expect(resolveCssColor('rgb(1, 2, 3)')).toBe('rgb(1, 2, 3)');
    document.documentElement.style.setProperty('--poster-test', ' #123456 ');
    expect(resolveCssColor('var(--poster-test)')).toBe('#123456');
  });
});
