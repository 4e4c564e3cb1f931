import { useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { formatPrice } from '../../lib/format';
import { useTranslation } from '../../lib/i18n';
import { useAppNavigate } from '../../lib/navigation';
import { useBlockHeading } from '../../ui/page/page-heading';
import { button } from '../../ui/button/button.css';
import { check } from '../../ui/field/Field.css';
import { FieldGroup } from '../../ui/field/FieldGroup';
import { EmptyState } from '../../ui/empty-state/EmptyState';
import { toast } from '../../ui/toast/toast';
import { actions, card, heading, note } from '../../ui/card/card.css';
import { attemptKey, fetchAddresses, fetchProduct, placeOrder, type Address, type Product } from './api';
import { AddressText } from './AddressList';
import { payOrder } from './pay';
import { canBuy } from './ProductDetail';
import { addressEditPage, checkoutPage, orderPage, ordersPage } from './routes';
import { LoadState } from './States';
import { useLoad } from '../../lib/use-load';
import { queryId } from './format';
import { list, listItem, row } from './list.css';
import { price, productTitle } from './product.css';
import { orderBody, orderThumb } from './OrderCard.css';
import * as styles from './Checkout.css';

/** Checkout: quantity (within stock and the per-user limit), the delivery address, the total, then pay. */
export function Checkout() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const id = queryId(params.get('id'));
  const loaded = useLoad(
    async () => (id === null ? null : Promise.all([fetchProduct(id), fetchAddresses()] as const)),
    [id],
  );
  if (loaded.data === undefined) return <LoadState failed={loaded.failed} onRetry={loaded.reload} />;
  if (loaded.data === null || loaded.data[0] === null) return <EmptyState title={t('shop.empty')} />;
  const addresses = loaded.data[1].list;
  const chosen = queryId(params.get('address_id'));
  return (
    <CheckoutForm
      product={loaded.data[0]}
      addresses={addresses}
      initialQuantity={queryId(params.get('quantity')) ?? 1}
      initialAddressId={addresses.some((address) => address.id === chosen) ? chosen : null}
      onQuantity={(quantity) =>
        // The quantity lives in the page's address too: a reload or the way back from the address form keeps it.
        setParams(
          (current) => {
            const next = new URLSearchParams(current);
            next.set('quantity', String(quantity));
            return next;
          },
          { replace: true },
        )
      }
    />
  );
}

function CheckoutForm({
  product,
  addresses,
  initialQuantity,
  initialAddressId,
  onQuantity,
}: {
  product: Product;
  addresses: Address[];
  initialQuantity: number;
  initialAddressId: number | null;
  onQuantity(quantity: number): void;
}) {
  const { t } = useTranslation();
  const title = useBlockHeading('shop-checkout-title', t('shop.checkoutTitle'));
  const navigate = useAppNavigate();
  const max = Math.max(1, Math.min(product.stock, product.limit_per_user || 99));
  const [quantity, setQuantityState] = useState(() => Math.min(max, Math.max(1, initialQuantity)));
  const setQuantity = (next: number) => {
    setQuantityState(next);
    onQuantity(next);
  };
  const [addressId, setAddressId] = useState<number | null>(initialAddressId ?? addresses[0]?.id ?? null);
  const [busy, setBusy] = useState(false);
  // One key per checkout attempt: pressing again after a network failure answers the same order.
  const key = useRef(attemptKey());
  const submit = async () => {
    if (addressId === null) {
      toast(t('shop.chooseAddress'));
      return;
    }
    setBusy(true);
    try {
      const order = await placeOrder({
        product_id: product.id,
        quantity,
        address_id: addressId,
        idempotency_key: key.current,
      });
      key.current = attemptKey();
      const outcome = await payOrder(order.order_sn);
      if (outcome === 'paid') {
        toast(t('shop.paid'));
        navigate(orderPage(), { order_sn: order.order_sn });
      } else if (outcome !== 'redirected') navigate(ordersPage(), { state: 'pending' });
    } catch {
      // The API helper has shown the server's message (sold out, over the limit...).
    } finally {
      setBusy(false);
    }
  };
  // The address form comes back to this product with this quantity (and selects the address it added).
  const back = `${checkoutPage()}?id=${product.id}&quantity=${quantity}`;
  return (
    <form
      className={card}
      aria-labelledby={title.labelledBy}
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      {title.own ? (
        <h2 id="shop-checkout-title" className={heading}>
          {t('shop.checkoutTitle')}
        </h2>
      ) : null}
      <div className={orderBody}>
        <img className={orderThumb} src={product.images[0] ?? ''} alt="" />
        <div>
          <p className={productTitle}>{product.title}</p>
          <p className={price}>{t('shop.price', { price: formatPrice(product.price_cents) })}</p>
        </div>
      </div>
      <div className={row}>
        <span id="shop-quantity-label">{t('shop.quantity')}</span>
        <span className={styles.stepper} role="group" aria-labelledby="shop-quantity-label">
          <button
            type="button"
            className={button({ tone: 'secondary', size: 'sm' })}
            aria-label={t('shop.decrease')}
            disabled={quantity <= 1}
            onClick={() => setQuantity(Math.max(1, quantity - 1))}
          >
            −
          </button>
          <output className={styles.stepperValue} aria-live="polite">
            {quantity}
          </output>
          <button
            type="button"
            className={button({ tone: 'secondary', size: 'sm' })}
            aria-label={t('shop.increase')}
            disabled={quantity >= max}
            onClick={() => setQuantity(Math.min(max, quantity + 1))}
          >
            +
          </button>
        </span>
      </div>
      {product.limit_per_user > 0 ? (
        <p className={note}>{t('shop.limit', { count: product.limit_per_user })}</p>
      ) : null}
      <FieldGroup legend={t('shop.address')} required radio>
        <div className={list}>
          {addresses.map((address) => (
            <label key={address.id} className={`${listItem} ${styles.choice}`}>
              <input
                type="radio"
                name="address"
                className={check}
                checked={addressId === address.id}
                onChange={() => setAddressId(address.id)}
              />
              <AddressText address={address} />
            </label>
          ))}
        </div>
      </FieldGroup>
      <div className={actions}>
        <button
          type="button"
          className={button({ tone: 'secondary', size: 'sm' })}
          onClick={() => navigate(addressEditPage(), { back })}
        >
          {t('shop.addAddress')}
        </button>
      </div>
      <p className={row}>
        <span>{t('shop.total')}</span>
        <span className={price}>
          {t('shop.price', { price: formatPrice(product.price_cents * quantity) })}
        </span>
      </p>
      <button type="submit" className={button({ block: true })} disabled={busy || !canBuy(product)}>
        {busy ? t('shop.submitting') : t('shop.submitOrder')}
      </button>
    </form>
  );
}
