import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useTranslation } from '../../lib/i18n';
import { button } from '../../ui/button/button.css';
import { actions, card, note } from '../../ui/card/card.css';
import { fetchOrders, ORDER_STATES, type OrderState, type ShopOrder } from './api';
import { OrderCard } from './OrderCard';
import { LoadState } from './States';
import { useLoad } from '../../lib/use-load';
import { list } from './list.css';
import * as styles from './Orders.css';

const TABS = ['all', ...ORDER_STATES] as const;
type Tab = (typeof TABS)[number];
const PAGE_SIZE = 10;

/** My orders: tabs by state (the tab is in the address, so a reload keeps it), paged, each with its actions. */
export function Orders() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const raw = params.get('state');
  const tab: Tab = (TABS as readonly string[]).includes(raw ?? '') ? (raw as Tab) : 'all';
  const state: OrderState | undefined = tab === 'all' ? undefined : tab;
  const [pages, setPages] = useState(1);
  const { data, failed, reload } = useLoad(
    () => fetchOrders({ state, page: 1, page_size: PAGE_SIZE * pages }),
    [state, pages],
  );
  const choose = (next: Tab) => {
    const copy = new URLSearchParams(params);
    if (next === 'all') copy.delete('state');
    else copy.set('state', next);
    setPages(1);
    setParams(copy, { replace: true });
  };
  return (
    <>
      <div role="tablist" aria-label={t('shop.ordersTitle')} className={styles.tabs}>
        {TABS.map((item) => (
          <button
            key={item}
            type="button"
            role="tab"
            aria-selected={item === tab}
            className={styles.tab}
            onClick={() => choose(item)}
          >
            {item === 'all' ? t('shop.tabAll') : t(`shop.state_${item}`)}
          </button>
        ))}
      </div>
      <section role="tabpanel" className={card} aria-label={t('shop.ordersTitle')}>
        {!data ? (
          <LoadState failed={failed} onRetry={reload} />
        ) : data.list.length === 0 ? (
          <p className={note}>{t('shop.noOrders')}</p>
        ) : (
          <OrderList
            orders={data.list}
            hasMore={data.has_more}
            onMore={() => setPages((n) => n + 1)}
            onChanged={reload}
          />
        )}
      </section>
    </>
  );
}

function OrderList(props: {
  orders: ShopOrder[];
  hasMore: boolean;
  onMore: () => void;
  onChanged: () => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      <ul className={list}>
        {props.orders.map((order) => (
          <OrderCard key={order.order_sn} order={order} onChanged={props.onChanged} />
        ))}
      </ul>
      {props.hasMore ? (
        <div className={actions}>
          <button type="button" className={button({ tone: 'secondary', block: true })} onClick={props.onMore}>
            {t('shop.loadMore')}
          </button>
        </div>
      ) : null}
    </>
  );
}
