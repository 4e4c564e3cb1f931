import './texts';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { ApiData } from '../../lib/api';
import { api } from '../../lib/api';
import { formatPrice } from '../../lib/format';
import { useTranslation } from '../../lib/i18n';
import { loadVideoDetail } from '../video/api';
import { button } from '../../ui/button/button.css';
import { card, note } from '../../ui/card/card.css';
import { heading, list } from './page.css';
import { name } from './UserCentre.css';
import * as styles from './VipPage.css';

type Plans = ApiData<'/v3/api/vip/plans', 'get'>;
type Plan = Plans['plans'][number];

/**
 * VIP: the plans from the server (price, duration, benefits), the current membership and its expiry, and buying
 * through payFor (loaded when the viewer buys). What membership unlocks is decided by the server.
 *
 * After a purchase the plans are asked again (the membership is extended when the payment is confirmed, before payFor
 * answers 'paid'), so the new expiry shows at once; only the answer to the latest request counts, so the first load,
 * still under way when the viewer comes back from the H5 payment page, cannot put the old expiry back. The event's
 * detail is reloaded too: a paid event the viewer returns to opens without paying.
 */
export function VipPage() {
  const { t, i18n } = useTranslation();
  const [plans, setPlans] = useState<Plans | null>(null);
  const [justPaid, setJustPaid] = useState(false);
  const latest = useRef(0);
  const load = useCallback((afterPayment = false) => {
    const request = ++latest.current;
    api
      .get('/v3/api/vip/plans')
      .then((answer) => {
        if (request !== latest.current) return;
        setPlans(answer);
        if (afterPayment) setJustPaid(true);
      })
      .catch(() => {});
  }, []);
  const paid = useCallback(() => {
    load(true);
    void loadVideoDetail({ quiet: true });
  }, [load]);
  useEffect(() => {
    load();
    // Back from the H5 payment page: finish that purchase first.
    void import('../payment/pay').then(async ({ resumePayment }) => {
      if ((await resumePayment('vip')) === 'paid') paid();
    });
  }, [load, paid]);

  const buy = async (plan: Plan) => {
    const { payFor } = await import('../payment/pay');
    const outcome = await payFor({
      key: 'vip',
      createOrder: (input) =>
        api.post('/v3/api/wechat/vip/order', { plan_id: plan.id, ...input }, { login: true }),
    });
    if (outcome === 'paid') paid();
  };

  const member = plans && plans.expires_at > 0;
  const until = member
    ? new Date(plans.expires_at).toLocaleDateString(i18n.language, {
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
      })
    : '';
  return (
    <section className={card} aria-labelledby="vip-heading">
      <h2 id="vip-heading" className={heading}>
        {t('account.vip.title')}
      </h2>
      <p className={note} role="status">
        {member
          ? t(justPaid ? 'account.vip.paidUntil' : 'account.vip.current', { date: until })
          : t('account.vip.none')}
      </p>
      <ul className={list}>
        {(plans?.plans ?? []).map((plan) => (
          <li key={plan.id} className={styles.plan}>
            <div className={styles.row}>
              <h2 className={name}>{plan.name}</h2>
              <span className={note}>{t('account.vip.days', { count: plan.days })}</span>
            </div>
            <p className={styles.price}>¥{formatPrice(plan.price_cents)}</p>
            <ul>
              {plan.benefits.map((benefit) => (
                <li key={benefit}>{benefit}</li>
              ))}
            </ul>
            <button type="button" className={button({ block: true })} onClick={() => void buy(plan)}>
              {member
                ? t('account.vip.renew', { price: formatPrice(plan.price_cents) })
                : t('account.vip.buy', { price: formatPrice(plan.price_cents) })}
            </button>
          </li>
        ))}
      </ul>
      <p className={note}>{t('account.vip.rules')}</p>
    </section>
  );
}
