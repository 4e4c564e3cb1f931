import { PhonePage } from '../../features/account/PhonePage';
import type { BlockProps } from '../types';

/** Bind or change the phone: the masked number, the slide check verified on the server, the SMS code with its resend countdown, the spec's messages. No props. */
export function AccountPhone(_: BlockProps<'account-phone'>) {
  return <PhonePage />;
}
