import { useEffect, useState } from 'react';
import { useTranslation } from '../../lib/i18n';
import { launchStore } from '../../lib/launch';
import { useStore } from '../../lib/store';
import { giftName } from './ChatLine';
import { chatStore } from './room';
import * as styles from './ChatRoom.css';

const BURST_MS = 1800;

/** Screenshots and viewers who ask for less motion get no animation (the gift line in the chat stays). */
function animationsOff(): boolean {
  return (
    document.documentElement.dataset.animations === 'off' ||
    window.matchMedia?.('(prefers-reduced-motion: reduce)').matches === true
  );
}

/** A short pop over the chat when a gift arrives live. */
export function GiftBurst() {
  const { t } = useTranslation();
  const locale = useStore(launchStore, (state) => state.locale);
  const latest = useStore(chatStore, (state) => state.liveGifts.at(-1));
  const [doneId, setDoneId] = useState(0);

  useEffect(() => {
    if (!latest) return;
    const timer = setTimeout(() => setDoneId(latest.id), BURST_MS);
    return () => clearTimeout(timer);
  }, [latest]);

  if (!latest || latest.id === doneId || animationsOff()) return null;
  return (
    <div className={styles.burst} aria-hidden="true" data-testid="gift-burst">
      {t('chat.giftBurst', {
        name: latest.nickname || t('chat.viewer', { id: latest.user_id }),
        gift: giftName(latest, locale),
        count: latest.gift_count,
      })}
    </div>
  );
}
