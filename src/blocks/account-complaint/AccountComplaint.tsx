import { ComplaintPage } from '../../features/account/ComplaintPage';
import type { BlockProps } from '../types';

/** A complaint about the video, player or chat line named in the link (target_kind, target): a reason from the server's list, a description and images through the upload flow. No props. */
export function AccountComplaint(_: BlockProps<'account-complaint'>) {
  return <ComplaintPage />;
}
