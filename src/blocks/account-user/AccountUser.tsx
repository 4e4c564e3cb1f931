import { UserCentre } from '../../features/account/UserCentre';
import type { BlockProps } from '../types';

/** The user centre: avatar, nickname, masked phone and membership; edit nickname and avatar (upload flow); entries to orders, phone, favourites, information, VIP, invitations and complaint; language switch; logged-in devices; log out (the server revokes the session everywhere). No props. */
export function AccountUser(_: BlockProps) {
  return <UserCentre />;
}
