import { describe, expect, it } from 'vitest';
import { abbreviateCount, countdown, formatDuration, formatPrice, maskPhone } from './format';

describe('formatPrice', () => {
  it.each([
    [0, '0.00'],
    [5, '0.05'],
    [100, '1.00'],
    [123450, '1,234.50'],
    [123456789, '1,234,567.89'],
    [-2500, '-25.00'],
  ])('%i cents -> %s', (cents, text) => expect(formatPrice(cents)).toBe(text));
});

describe('maskPhone', () => {
  it('hides digits 4 to 7', () => expect(maskPhone('13812345678')).toBe('138****5678'));
  it('leaves other input alone', () => expect(maskPhone('12345')).toBe('12345'));
});

describe('countdown', () => {
  it('splits into days, hours, minutes and seconds', () => {
    expect(countdown(((2 * 24 + 3) * 3600 + 4 * 60 + 5) * 1000 + 999)).toEqual({
      days: 2,
      hours: 3,
      minutes: 4,
      seconds: 5,
    });
  });
  it('never goes negative', () =>
    expect(countdown(-5000)).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 0 }));
});

describe('abbreviateCount', () => {
  it('keeps counts of up to 4 characters', () => {
    expect(abbreviateCount(9999)).toBe('9999');
    expect(abbreviateCount(0)).toBe('0');
  });
  it('abbreviates longer counts with 万 in zh-CN', () => {
    expect(abbreviateCount(10000)).toBe('1万');
    expect(abbreviateCount(12345)).toBe('1.2万');
    expect(abbreviateCount(1234567)).toBe('123.4万');
    expect(abbreviateCount(2622999)).toBe('262.2万');
  });
  it("abbreviates longer counts in English's compact notation (never 'w')", () => {
    expect(abbreviateCount(9999, 'en')).toBe('9999');
    expect(abbreviateCount(12345, 'en')).toBe('12K');
    expect(abbreviateCount(2622999, 'en')).toBe('2.6M');
  });
});

describe('formatDuration', () => {
  it('writes m:ss and h:mm:ss', () => {
    expect(formatDuration(65)).toBe('1:05');
    expect(formatDuration(3725)).toBe('1:02:05');
    expect(formatDuration(-3)).toBe('0:00');
  });
});
