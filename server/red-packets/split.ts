/**
 * The double-average split: each share is a random whole number of cents between the minimum and twice the average of
 * what is left, capped so every later share can still get the minimum; the last share takes the rest. So every share
 * is >= the minimum and the shares sum exactly to the total. The minimum is 0.10: shares are paid out by WeChat Pay's
 * merchant transfers (server/red-packets/transfers.ts), whose cash-marketing scene pays no less than 0.10 at a time.
 */
import crypto from 'node:crypto';

/** Returns an integer in [min, max]. */
export type RandomInt = (min: number, max: number) => number;

export const cryptoRandomInt: RandomInt = (min, max) => crypto.randomInt(min, max + 1);

export const RED_PACKET_LIMITS = {
  minShareCents: 10,
  maxShares: 100,
  maxTotalCents: 20_000,
} as const;

export function splitRedPacket(
  totalCents: number,
  shares: number,
  random: RandomInt = cryptoRandomInt,
): number[] {
  if (!Number.isInteger(totalCents) || !Number.isInteger(shares) || shares < 1)
    throw new RangeError('total and share count must be positive integers');
  const min = RED_PACKET_LIMITS.minShareCents;
  if (totalCents < shares * min) throw new RangeError(`every share needs at least ${min} cents`);
  const result: number[] = [];
  let left = totalCents;
  for (let remaining = shares; remaining > 1; remaining--) {
    const max = Math.min(Math.floor((2 * left) / remaining), left - (remaining - 1) * min);
    const share = random(min, Math.max(min, max));
    result.push(share);
    left -= share;
  }
  result.push(left);
  return result;
}
