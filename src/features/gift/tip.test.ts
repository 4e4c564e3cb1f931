import { describe, expect, it } from 'vitest';
import { tipCents } from './GiftPopup';

describe('tip by free amount', () => {
  it('turns yuan into cents exactly, within 0.01 to 20000 yuan', () => {
    expect(tipCents('6.66')).toBe(666);
    expect(tipCents(' 0.01 ')).toBe(1);
    expect(tipCents('0.1')).toBe(10);
    expect(tipCents('20000')).toBe(2_000_000);
    expect(tipCents('19.99')).toBe(1999);
  });

  it('refuses anything else', () => {
    for (const text of ['', '0', '0.001', '20000.01', '-1', '1e3', '1,5', 'abc', '.5', '5.'])
      expect(tipCents(text)).toBeNull();
  });
});
