import { VipPage } from '../../features/account/VipPage';
import type { BlockProps } from '../types';

/** Membership plans from the server (price, duration, benefits), the current membership and its expiry, purchase through the payment flow. No props. */
export function AccountVip(_: BlockProps<'account-vip'>) {
  return <VipPage />;
}
