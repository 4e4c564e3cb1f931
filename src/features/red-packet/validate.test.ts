import { describe, expect, it } from 'vitest';
import { validateRedPacket } from './validate';

describe('validateRedPacket', () => {
  it('turns yuan into integer cents without floating-point error', () => {
    expect(validateRedPacket({ amount: '1.00', count: '3' })).toEqual({
      input: { amountCents: 100, count: 3 },
    });
    expect(validateRedPacket({ amount: '0.29', count: '1' })).toEqual({
      input: { amountCents: 29, count: 1 },
    });
    expect(validateRedPacket({ amount: '12.3', count: '2' })).toEqual({
      input: { amountCents: 1230, count: 2 },
    });
    expect(validateRedPacket({ amount: ' 200 ', count: '100' })).toEqual({
      input: { amountCents: 20_000, count: 100 },
    });
  });

  it('names what is wrong', () => {
    expect(validateRedPacket({ amount: '', count: '3' })).toEqual({ error: 'redPacket.amountRequired' });
    expect(validateRedPacket({ amount: '1.234', count: '3' })).toEqual({ error: 'redPacket.amountInvalid' });
    expect(validateRedPacket({ amount: '-1', count: '3' })).toEqual({ error: 'redPacket.amountInvalid' });
    expect(validateRedPacket({ amount: '1', count: '0' })).toEqual({ error: 'redPacket.countInvalid' });
    expect(validateRedPacket({ amount: '1', count: '2.5' })).toEqual({ error: 'redPacket.countInvalid' });
    expect(validateRedPacket({ amount: '0.02', count: '3' })).toEqual({ error: 'redPacket.shareTooSmall' });
    // WeChat Pay transfers a share of no less than 0.10.
    expect(validateRedPacket({ amount: '0.29', count: '3' })).toEqual({ error: 'redPacket.shareTooSmall' });
    expect(validateRedPacket({ amount: '0.30', count: '3' })).toEqual({
      input: { amountCents: 30, count: 3 },
    });
    expect(validateRedPacket({ amount: '200.01', count: '3' })).toMatchObject({
      error: 'redPacket.amountTooLarge',
    });
    expect(validateRedPacket({ amount: '100', count: '101' })).toMatchObject({
      error: 'redPacket.countTooMany',
    });
  });
});
