import { describe, expect, it } from 'vitest';
import { isDigits, isMobilePhone, isMobilePhoneLoose } from './validators';

describe('phone validators', () => {
  it('strict: 11 digits, first 1, second 3-9', () => {
    expect(isMobilePhone('13812345678')).toBe(true);
    expect(isMobilePhone('16812345678')).toBe(true);
    expect(isMobilePhone('12812345678')).toBe(false);
    expect(isMobilePhone('1381234567')).toBe(false);
    expect(isMobilePhone('138123456789')).toBe(false);
    expect(isMobilePhone('2381234567a')).toBe(false);
  });
  it('loose: second digit 3, 4, 5, 7, 8 or 9', () => {
    expect(isMobilePhoneLoose('14712345678')).toBe(true);
    expect(isMobilePhoneLoose('16812345678')).toBe(false);
    expect(isMobilePhoneLoose('19912345678')).toBe(true);
  });
});

describe('isDigits', () => {
  it('accepts a non-empty string of 0-9 only', () => {
    expect(isDigits('0123')).toBe(true);
    expect(isDigits('')).toBe(false);
    expect(isDigits('12a')).toBe(false);
    expect(isDigits('1.5')).toBe(false);
    expect(isDigits('١٢')).toBe(false);
  });
});
