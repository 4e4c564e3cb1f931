import './messages';
import { useId } from 'react';
import { useTranslation } from '../../lib/i18n';
import { useModalDialog } from '../../ui/dialog/useModalDialog';
import * as styles from './FollowPopup.css';

/**
 * The follow pop-up of the enterprise official account (one of the spec's themed screens): a centred card under the
 * channel header's colours, the account's QR code framed in the theme's primary colour and a confirm button in the
 * theme's confirm colour. A modal <dialog>: named by its title, described by the hint, Escape and both buttons close
 * it, focus returns to the button that opened it.
 */
export function FollowPopup({
  open,
  onClose,
  name,
  qrcode,
  intro,
}: {
  open: boolean;
  onClose(): void;
  name: string;
  qrcode: string;
  intro?: string;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const hintId = useId();
  const ref = useModalDialog(open, onClose);
  if (!open) return null;
  return (
    <dialog
      ref={ref}
      className={styles.popup}
      aria-labelledby={titleId}
      aria-describedby={hintId}
      data-testid="follow-popup"
    >
      <header className={styles.band}>
        <h2 id={titleId} className={styles.title}>
          {t('channel.officialPopup')}
        </h2>
        <button type="button" className={styles.close} aria-label={t('ui.close')} onClick={onClose}>
          <span aria-hidden="true">×</span>
        </button>
      </header>
      <div className={styles.body}>
        {qrcode ? <img className={styles.qr} src={qrcode} alt={name} width={200} height={200} /> : null}
        <p className={styles.name}>{name}</p>
        {intro ? <p className={styles.intro}>{intro}</p> : null}
        <p id={hintId} className={styles.hint}>
          {t('channel.officialPopupHint')}
        </p>
      </div>
      <button type="button" className={styles.done} onClick={onClose}>
        {t('channel.officialPopupDone')}
      </button>
    </dialog>
  );
}
