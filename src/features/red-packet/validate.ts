/** The send-red-packet form's rules (the server checks the same ones again). Money becomes integer cents here. */
import type { TranslationKey } from '../../lib/i18n';
/** The server's limits (server/red-packets/split.ts): WeChat Pay transfers a share of no less than 0.10. */
export const RED_PACKET_LIMITS = { minShareCents: 10, maxShares: 100, maxTotalCents: 20_000 } as const;

export type RedPacketForm = { amount: string; count: string };
export type RedPacketInput = { amountCents: number; count: number };
/** A message key of the redPacket namespace, or the parsed input. */
export type Validation =
  { error: TranslationKey; values?: Record<string, number> } | { input: RedPacketInput };

export function validateRedPacket(form: RedPacketForm): Validation {
  const amount = form.amount.trim();
  const count = form.count.trim();
  if (!amount) return { error: 'redPacket.amountRequired' };
  if (!/^\d+(\.\d{1,2})?$/.test(amount)) return { error: 'redPacket.amountInvalid' };
  if (!/^\d+$/.test(count) || Number(count) < 1) return { error: 'redPacket.countInvalid' };
  const [whole, fraction = ''] = amount.split('.');
  const amountCents = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  const shares = Number(count);
  if (shares > RED_PACKET_LIMITS.maxShares)
    return { error: 'redPacket.countTooMany', values: { max: RED_PACKET_LIMITS.maxShares } };
  if (amountCents < shares * RED_PACKET_LIMITS.minShareCents) return { error: 'redPacket.shareTooSmall' };
  if (amountCents > RED_PACKET_LIMITS.maxTotalCents)
    return { error: 'redPacket.amountTooLarge', values: { max: RED_PACKET_LIMITS.maxTotalCents / 100 } };
  return { input: { amountCents, count: shares } };
}
