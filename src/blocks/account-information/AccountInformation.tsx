import { InformationPage } from '../../features/account/InformationPage';
import type { BlockProps } from '../types';

/** The information form (name, phone with a country-code placeholder, company, position, remark, agreement) for the event of the link, prefilled when already given; the spec's two messages. No props. */
export function AccountInformation(_: BlockProps<'account-information'>) {
  return <InformationPage />;
}
