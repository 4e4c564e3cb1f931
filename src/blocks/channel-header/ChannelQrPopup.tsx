import '../../features/channel/messages';
import { channelQrUrl } from '../../features/channel/api';
import { useTranslation } from '../../lib/i18n';
import { BottomPopup } from '../../ui/bottom-popup/BottomPopup';
import * as styles from './ChannelHeader.css';

/** The channel QR code in a bottom sheet: loaded when the viewer first opens it, not with the channel home. */
export default function ChannelQrPopup({ token, onClose }: { token: string; onClose(): void }) {
  const { t } = useTranslation();
  return (
    <BottomPopup open onClose={onClose} title={t('channel.qrcode')}>
      <img
        className={styles.qr}
        src={channelQrUrl(token)}
        alt={t('channel.qrcode')}
        width={240}
        height={240}
      />
      <p className={styles.qrHint}>{t('channel.qrcodeHint')}</p>
    </BottomPopup>
  );
}
