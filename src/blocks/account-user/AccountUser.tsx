import { UserCentre } from '../../features/account/UserCentre';
import type { BlockProps } from '../types';

/**
 * The user centre: profile, links to what the event offers (the server lists it), to the viewer's own pages and to
 * the organiser pages the viewer may use, language, logged-in devices, log out.
 */
export function AccountUser(_: BlockProps<'account-user'>) {
  return <UserCentre />;
}
