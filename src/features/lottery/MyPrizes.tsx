import { useCallback, useEffect, useState } from 'react';
import { getAuthToken } from '../../lib/auth';
import { useTranslation } from '../../lib/i18n';
import { localized } from '../../lib/localized';
import { launchStore } from '../../lib/launch';
import { BottomPopup } from '../../ui/bottom-popup/BottomPopup';
import { EmptyState } from '../../ui/empty-state/EmptyState';
import { button } from '../../ui/button/button.css';
import { Spinner } from '../../ui/spinner/Spinner';
import { fetchWinningRecord, type WinningRecord } from './api';
import { DeliveryForm } from './DeliveryForm';
import { formatTime } from './time';
import './messages';
import { note } from '../../ui/card/card.css';
import { title } from './LotteryView.css';
import * as styles from './MyPrizes.css';

/** My prizes in a lottery, with the delivery details given (or the form to give them). */
export function MyPrizes({ lotteryId }: { lotteryId: number }) {
  const { t, i18n } = useTranslation();
  const loggedIn = Boolean(getAuthToken(launchStore.get().videoToken));
  const [record, setRecord] = useState<WinningRecord | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const load = useCallback(() => {
    fetchWinningRecord(lotteryId).then(setRecord, () => undefined);
  }, [lotteryId]);
  useEffect(() => {
    if (loggedIn) load();
  }, [loggedIn, load]);

  const heading = (
    <h2 id={`my-prizes-${lotteryId}`} className={title}>
      {t('lottery.myPrizes')}
    </h2>
  );
  if (!loggedIn)
    return (
      <section aria-labelledby={`my-prizes-${lotteryId}`}>
        {heading}
        <p className={note}>{t('lottery.loginForPrizes')}</p>
        <button type="button" className={button({ size: 'sm' })} onClick={load}>
          {t('lottery.login')}
        </button>
      </section>
    );
  if (!record) return <Spinner label={t('ui.loading')} />;
  const delivery = record.delivery;
  return (
    <section aria-labelledby={`my-prizes-${lotteryId}`}>
      {heading}
      {record.list.length === 0 ? (
        <EmptyState title={t('lottery.noPrizes')} />
      ) : (
        <>
          <ul className={styles.list}>
            {record.list.map((win) => (
              <li key={win.draw_id} className={styles.prizeRow}>
                {win.image ? <img src={win.image} alt="" className={styles.prizeThumb} /> : null}
                <div>
                  <p className={styles.prizeName}>{localized(win.name, win.name_en, i18n.language)}</p>
                  <p className={note}>
                    {t('lottery.wonAt', { time: formatTime(win.won_at, i18n.language, 'Asia/Shanghai') })}
                  </p>
                  {win.reward !== 'goods' ? <p className={note}>{t('lottery.credited')}</p> : null}
                </div>
              </li>
            ))}
          </ul>
          {!record.list.some((win) => win.reward === 'goods') ? null : delivery ? (
            <p className={note}>
              {t('lottery.deliveryGiven', {
                name: delivery.name,
                phone: delivery.phone,
                address: delivery.address,
              })}
            </p>
          ) : (
            <button type="button" className={button({ block: true })} onClick={() => setFormOpen(true)}>
              {t('lottery.fillDelivery')}
            </button>
          )}
        </>
      )}
      <BottomPopup open={formOpen} onClose={() => setFormOpen(false)} title={t('lottery.deliveryTitle')}>
        <DeliveryForm
          lotteryId={lotteryId}
          onSaved={() => {
            setFormOpen(false);
            load();
          }}
        />
      </BottomPopup>
    </section>
  );
}
