import { ScanPage } from '../../features/account/ScanPage';
import type { BlockProps } from '../types';

/** Scan a QR code: WeChat's scanner inside WeChat, elsewhere the camera (BarcodeDetector) or a picture; a link of this app opens in the app, anything else is shown, never followed. No props. */
export function AccountScan(_: BlockProps<'account-scan'>) {
  return <ScanPage />;
}
