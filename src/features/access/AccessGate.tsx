import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from '../../lib/i18n';
import { formatPrice } from '../../lib/format';
import { button } from '../../ui/button/button.css';
import { hasPendingPayment } from '../payment/pending';
import { loadVideoDetail } from '../video/api';
import type { VideoInfo } from '../video/types';
import { videoPaymentKey, type AccessGate as Gate } from '../video/access-gate';
import * as styles from './AccessGate.css';
import './texts';

// The pop-ups (forms, the payment flow) load on first open: the home route's first load has no room for them.
const AccessPopup = lazy(() => import('./AccessPopup').then((module) => ({ default: module.AccessPopup })));

/** What a viewer sees instead of the player until a gate is passed: the cover, why, and the button that opens it. */
export function AccessGate({ info, gate }: { info: VideoInfo; gate: Gate }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const token = info.token;

  // Back from the H5 payment page: check the order, then reload the detail (the streams come with it once paid). The
  // purchase may also have been replayed after a login, under the login's key. (The pay gate loads the payment flow
  // and the pop-up at once: the viewer is about to need them.)
  useEffect(() => {
    if (gate !== 'pay') return;
    void Promise.all([import('../payment/pay'), import('./AccessPopup')]).then(
      async ([{ resumePayment, loginPaymentKey }, { VIDEO_PAY_PATH }]) => {
        const key = [videoPaymentKey(token), loginPaymentKey(VIDEO_PAY_PATH)].find(hasPendingPayment);
        if (key && (await resumePayment(key)) === 'paid') await loadVideoDetail({ quiet: true });
      },
    );
  }, [gate, token]);

  const price = formatPrice(info.price);
  const copy = {
    password: { text: t('access.passwordGate'), action: t('access.enterPassword') },
    infoForm: { text: t('access.infoGate'), action: t('access.infoOpen') },
    phone: { text: t('access.phoneGate'), action: t('access.phoneOpen') },
    pay: { text: t('access.payGate', { price }), action: t('access.payOpen', { price }) },
  }[gate];

  return (
    <div className={styles.frame} data-testid="access-gate">
      {info.cover ? <img className={styles.cover} src={info.cover} alt="" width={390} height={219} /> : null}
      <div className={styles.panel}>
        <p className={styles.text}>{copy.text}</p>
        {info.vip_free ? <p className={styles.note}>{t('access.vipFree')}</p> : null}
        <button type="button" className={button()} onClick={() => setOpen(true)}>
          {copy.action}
        </button>
      </div>
      {open ? (
        <Suspense fallback={null}>
          <AccessPopup gate={gate} info={info} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </div>
  );
}
