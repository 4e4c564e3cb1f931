import { LoginPanel } from '../../features/account/LoginPanel';
import type { BlockProps } from '../types';

/** The login page: phone + slide check + SMS code, e-mail (+ mailed code), WeChat inside WeChat. No props. */
export function AccountLogin(_: BlockProps<'account-login'>) {
  return <LoginPanel />;
}
