import { useSearchParams } from 'react-router-dom';
import { maskPhone } from '../../lib/format';
import { useTranslation } from '../../lib/i18n';
import { useAppNavigate } from '../../lib/navigation';
import { showDialog } from '../../ui/dialog/dialog';
import { button } from '../../ui/button/button.css';
import { toast } from '../../ui/toast/toast';
import { actions, card, heading, note } from '../../ui/card/card.css';
import { changeOrderAddress, deleteAddress, fetchAddresses, makeDefault, type Address } from './api';
import { addressEditPage, addressesPage, orderPage } from './routes';
import { LoadState } from './States';
import { useLoad } from '../../lib/use-load';
import { badge } from './product.css';
import { list, listItem } from './list.css';
import * as styles from './AddressList.css';

/** Receiver, masked phone and the address on one card. */
export function AddressText({ address }: { address: Address }) {
  const { t } = useTranslation();
  const city = address.city === '市辖区' || address.city === address.province ? '' : address.city;
  return (
    <span>
      <strong>{address.name}</strong> {maskPhone(address.phone)}{' '}
      {address.is_default ? <span className={badge}>{t('shop.default')}</span> : null}
      <span className={styles.addressLine}>
        {`${address.province}${city}${address.district}${address.detail}`}
      </span>
    </span>
  );
}

/**
 * The viewer's addresses: add, edit, delete, make default. Opened with `order_sn` it picks the new address of that
 * unshipped order instead.
 */
export function AddressList() {
  const { t } = useTranslation();
  const navigate = useAppNavigate();
  const [params] = useSearchParams();
  const orderSn = params.get('order_sn');
  const { data, failed, reload } = useLoad(fetchAddresses, []);
  if (!data) return <LoadState failed={failed} onRetry={reload} />;
  const run = async (action: () => Promise<unknown>) => {
    try {
      await action();
      reload();
    } catch {
      // shown by the API helper
    }
  };
  const remove = async (address: Address) => {
    if (await showDialog({ message: t('shop.confirmDelete') })) await run(() => deleteAddress(address.id));
  };
  const use = async (address: Address) => {
    if (!orderSn) return;
    try {
      await changeOrderAddress(orderSn, address.id);
      toast(t('shop.addressChanged'));
      navigate(orderPage(), { order_sn: orderSn });
    } catch {
      // shown by the API helper (e.g. the order has shipped meanwhile)
    }
  };
  const back = orderSn ? `${addressesPage()}?order_sn=${encodeURIComponent(orderSn)}` : addressesPage();
  return (
    <section className={card} aria-labelledby="shop-addresses-title">
      <h2 id="shop-addresses-title" className={heading}>
        {t('shop.addressesTitle')}
      </h2>
      {data.list.length === 0 ? <p className={note}>{t('shop.noAddresses')}</p> : null}
      <ul className={list}>
        {data.list.map((address) => (
          <li key={address.id} className={listItem}>
            <AddressText address={address} />
            <div className={actions}>
              {orderSn ? (
                <button type="button" className={button()} onClick={() => void use(address)}>
                  {t('shop.useThisAddress')}
                </button>
              ) : null}
              <button
                type="button"
                className={button({ tone: 'secondary', size: 'sm' })}
                onClick={() => navigate(addressEditPage(), { id: address.id, back })}
              >
                {t('shop.edit')}
              </button>
              {!address.is_default ? (
                <button
                  type="button"
                  className={button({ tone: 'secondary', size: 'sm' })}
                  onClick={() => void run(() => makeDefault(address))}
                >
                  {t('shop.setDefault')}
                </button>
              ) : null}
              <button
                type="button"
                className={button({ tone: 'secondary', size: 'sm' })}
                onClick={() => void remove(address)}
              >
                {t('shop.delete')}
              </button>
            </div>
          </li>
        ))}
      </ul>
      <div className={actions}>
        <button
          type="button"
          className={button({ block: true })}
          onClick={() => navigate(addressEditPage(), { back })}
        >
          {t('shop.addAddress')}
        </button>
      </div>
    </section>
  );
}
