import { formatPrice } from '../../lib/format';
import { useTranslation } from '../../lib/i18n';
import { useAppNavigate } from '../../lib/navigation';
import { button } from '../../ui/button/button.css';
import { actions, note } from '../../ui/card/card.css';
import type { ShopOrder } from './api';
import { payOrder } from './pay';
import { addressesPage, orderPage } from './routes';
import { cstDateTime } from './format';
import { listItem } from './list.css';
import { price, productTitle } from './product.css';
import * as styles from './OrderCard.css';

const isPayable = (order: ShopOrder) => order.state === 'pending' && order.order_status === 1;
const isUnshipped = (order: ShopOrder) => order.state === 'pending' || order.state === 'paid';

/** Pay (a payable order) and change address (an unshipped one): the same buttons in the list and the detail. */
export function OrderActions({
  order,
  onPaid,
  detail,
}: {
  order: ShopOrder;
  onPaid: () => void;
  detail?: boolean;
}) {
  const { t } = useTranslation();
  const navigate = useAppNavigate();
  const pay = async () => {
    if ((await payOrder(order.order_sn)) === 'paid') onPaid();
  };
  return (
    <div className={actions}>
      {isPayable(order) ? (
        <button type="button" className={button()} onClick={() => void pay()}>
          {t('shop.payNow')}
        </button>
      ) : null}
      {isUnshipped(order) && order.order_status === 1 ? (
        <button
          type="button"
          className={button({ tone: 'secondary', size: 'sm' })}
          onClick={() => navigate(addressesPage(), { order_sn: order.order_sn })}
        >
          {t('shop.changeAddress')}
        </button>
      ) : null}
      {detail ? null : (
        <button
          type="button"
          className={button({ tone: 'secondary', size: 'sm' })}
          onClick={() => navigate(orderPage(), { order_sn: order.order_sn })}
        >
          {t('shop.viewOrder')}
        </button>
      )}
    </div>
  );
}

/** One order: number, state, product, quantity and amount. */
export function OrderSummary({ order }: { order: ShopOrder }) {
  const { t } = useTranslation();
  return (
    <>
      <p className={styles.orderHead}>
        <span>{t('shop.orderSn', { sn: order.order_sn })}</span>
        <span className={styles.orderState}>{t(`shop.state_${order.state}`)}</span>
      </p>
      <div className={styles.orderBody}>
        <img className={styles.orderThumb} src={order.product.image} alt="" />
        <div>
          <p className={productTitle}>{order.product.title}</p>
          <p className={note}>
            {t('shop.price', { price: formatPrice(order.unit_price_cents) })} × {order.quantity}
          </p>
          <p className={price}>{t('shop.price', { price: formatPrice(order.amount_cents) })}</p>
        </div>
      </div>
      {isPayable(order) ? (
        <p className={note}>{t('shop.payBefore', { time: cstDateTime(order.expires_at) })}</p>
      ) : null}
    </>
  );
}

export function OrderCard({ order, onChanged }: { order: ShopOrder; onChanged: () => void }) {
  return (
    <li className={listItem}>
      <OrderSummary order={order} />
      <OrderActions order={order} onPaid={onChanged} />
    </li>
  );
}
