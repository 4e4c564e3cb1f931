import { useEffect } from 'react';
import { useSearchParams } from 'react-router-dom';
import { maskPhone } from '../../lib/format';
import { useTranslation } from '../../lib/i18n';
import { EmptyState } from '../../ui/empty-state/EmptyState';
import { useBlockHeading } from '../../ui/page/page-heading';
import { card, heading } from '../../ui/card/card.css';
import { fetchOrder } from './api';
import { OrderActions, OrderSummary } from './OrderCard';
import { resumeOrderPayment } from './pay';
import { LoadState } from './States';
import { useLoad } from '../../lib/use-load';
import { cstDateTime } from './format';
import * as styles from './OrderDetail.css';

/** One order with its address, tracking number and times; finishes an H5 payment that returned here. */
export function OrderDetail() {
  const { t } = useTranslation();
  const title = useBlockHeading('shop-order-title', t('shop.orderTitle'));
  const [params] = useSearchParams();
  const orderSn = params.get('order_sn') ?? '';
  const { data: order, failed, reload } = useLoad(() => fetchOrder(orderSn), [orderSn]);
  useEffect(() => {
    void resumeOrderPayment(orderSn).then((outcome) => {
      if (outcome) reload();
    });
  }, [orderSn, reload]);
  if (order === undefined) return <LoadState failed={failed} onRetry={reload} />;
  if (order === null) return <EmptyState title={t('shop.noOrders')} />;
  const facts: [string, string][] = [
    [
      t('shop.address'),
      order.address ? `${order.address.name} ${maskPhone(order.address.phone)} ${order.address.text}` : '',
    ],
    [t('shop.tracking'), order.tracking_no],
    [t('shop.createdAt'), cstDateTime(order.created_at)],
    [t('shop.paidAt'), cstDateTime(order.paid_at)],
    [t('shop.shippedAt'), cstDateTime(order.shipped_at)],
  ];
  return (
    <article className={card} aria-labelledby={title.labelledBy}>
      {title.own ? (
        <h2 id="shop-order-title" className={heading}>
          {t('shop.orderTitle')}
        </h2>
      ) : null}
      <OrderSummary order={order} />
      <dl className={styles.facts}>
        {facts
          .filter(([, value]) => value)
          .map(([label, value]) => (
            <div key={label} className={styles.factPair}>
              <dt className={styles.factLabel}>{label}</dt>
              <dd className={styles.factValue}>{value}</dd>
            </div>
          ))}
      </dl>
      <OrderActions order={order} onPaid={reload} detail />
    </article>
  );
}
