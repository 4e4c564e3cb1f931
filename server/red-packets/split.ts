/**
 * The double-average split: each share is a random whole number of cents between 1 and twice the average of what is
 * left, capped so every later share can still get at least 1 cent; the last share takes the rest. So every share is
 * >= 1 cent and the shares sum exactly to the total.
 */
import crypto from 'node:crypto';

/** Returns an integer in [min, max]. */
export type RandomInt = (min: number, max: number) => number;

export const cryptoRandomInt: RandomInt = (min, max) => crypto.randomInt(min, max + 1);

export const RED_PACKET_LIMITS = {
  minShareCents: 1,
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
  if (totalCents < shares * RED_PACKET_LIMITS.minShareCents)
    throw new RangeError('every share needs at least 1 cent');
  const result: number[] = [];
  let left = totalCents;
  for (let remaining = shares; remaining > 1; remaining--) {
    const max = Math.min(Math.floor((2 * left) / remaining), left - (remaining - 1));
    const share = random(1, Math.max(1, max));
    result.push(share);
    left -= share;
  }
  result.push(left);
  return result;
}
