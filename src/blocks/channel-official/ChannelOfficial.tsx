import '../../features/channel/messages';
import { useId, useState } from 'react';
import { FollowPopup } from '../../features/channel/FollowPopup';
import { useChannel } from '../../features/channel/store';
import { useTranslation } from '../../lib/i18n';
import { button } from '../../ui/button/button.css';
import { card, heading } from '../../ui/card/card.css';
import * as styles from './ChannelOfficial.css';

/** The enterprise official account: its name and QR code, and the follow pop-up (FollowPopup: the spec's themed follow pop-up). */
export function ChannelOfficial() {
  const { t } = useTranslation();
  const titleId = useId();
  const official = useChannel((state) => state.channelInfo?.official ?? null);
  const [open, setOpen] = useState(false);
  if (!official) return null;
  return (
    <section className={card} aria-labelledby={titleId}>
      <h2 id={titleId} className={heading}>
        {t('channel.official')}
      </h2>
      <div className={styles.row}>
        {official.qrcode ? (
          <img className={styles.thumb} src={official.qrcode} alt="" width={72} height={72} />
        ) : null}
        <div className={styles.body}>
          <p className={styles.name}>{official.name}</p>
          {official.intro ? <p className={styles.intro}>{official.intro}</p> : null}
        </div>
        <button type="button" className={button({ size: 'sm' })} onClick={() => setOpen(true)}>
          {t('channel.officialFollow')}
        </button>
      </div>
      <FollowPopup
        open={open}
        onClose={() => setOpen(false)}
        name={official.name}
        qrcode={official.qrcode}
        intro={official.intro}
      />
    </section>
  );
}
