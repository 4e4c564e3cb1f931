/**
 * What each kind of order does when it is paid and when its refund went through: one table, handed to the payment
 * flow by buildServer. A kind of order (OrderKind) without its rules here is a type error, so no payment can be marked
 * paid with nothing done.
 */
import { rewardPaid } from './chat/rewards.ts';
import { redPacketPaid } from './red-packets/pay.ts';
import { vipPlanPaid } from './accounts/vip-routes.ts';
import { eventTicketPaid } from './wechat/routes.ts';
import { productOrderPaid, productOrderRefunded } from './shop/paid.ts';
import { paidVotesPaid } from './voting/cast.ts';
import { signUpFeePaid } from './voting/signup.ts';
import type { OrderKinds } from './wechat/orders.ts';

export const orderKinds = {
  video: { paid: eventTicketPaid },
  reward: { paid: rewardPaid },
  redpack: { paid: redPacketPaid },
  vote: { paid: paidVotesPaid },
  registration: { paid: signUpFeePaid },
  product: { paid: productOrderPaid, refunded: productOrderRefunded },
  vip: { paid: vipPlanPaid },
} satisfies OrderKinds;
