import { DiagnosticsPage } from '../../features/account/DiagnosticsPage';
import type { BlockProps } from '../types';

/** Diagnostics for support: app version, browser, WeChat version and support for sharing, payment and open tags, the JS-SDK config result, login state, locale, theme, network type, an API latency test and the last API errors, with copy-all. No props. */
export function AccountDiagnostics(_: BlockProps<'account-diagnostics'>) {
  return <DiagnosticsPage />;
}
