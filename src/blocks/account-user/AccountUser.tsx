import { UserCentre } from '../../features/account/UserCentre';
import type { BlockProps } from '../types';

/** The user centre: profile, links to the event's activities (config `lotteryId`, `bonusId`, `queryId`) and to the viewer's own pages, language, logged-in devices, log out. */
export function AccountUser({ props }: BlockProps<'account-user'>) {
  return <UserCentre activities={props} />;
}
