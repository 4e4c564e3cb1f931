import { formatPrice } from '../../lib/format';
import { useTranslation } from '../../lib/i18n';
import { useAppNavigate } from '../../lib/navigation';
import { fetchProducts, type Product, type ProductScope } from './api';
import { PRODUCT_PAGE } from './routes';
import { LoadState } from './States';
import { useLoad } from './useLoad';
import * as styles from './shop.css';

/** What a product's card says under its price: sold out, not yet or no longer on sale, or the stock. */
export function SaleNote({ product }: { product: Product }) {
  const { t } = useTranslation();
  if (product.sale_state === 'upcoming') return <span className={styles.badge}>{t('shop.upcoming')}</span>;
  if (product.sale_state === 'ended') return <span className={styles.badge}>{t('shop.ended')}</span>;
  if (product.stock <= 0) return <span className={styles.badge}>{t('shop.soldOut')}</span>;
  return <span className={styles.muted}>{t('shop.stock', { count: product.stock })}</span>;
}

/** The products of an event or contest as a two-column grid; a tap opens the product. */
export function ProductList({
  scope,
  limit,
  title,
  hideWhenEmpty = false,
}: {
  scope: ProductScope;
  limit: number;
  title?: string;
  /** Placed inside another page (the live room): no spinner, and nothing at all when there are no products. */
  hideWhenEmpty?: boolean;
}) {
  const { t } = useTranslation();
  const navigate = useAppNavigate();
  const { data, failed, reload } = useLoad(
    () => fetchProducts(scope, 1, limit),
    [scope.token, scope.vote_id, limit],
  );
  if (!data) return hideWhenEmpty ? null : <LoadState failed={failed} onRetry={reload} />;
  if (hideWhenEmpty && data.list.length === 0) return null;
  return (
    <section className={styles.section} aria-labelledby="shop-products-title">
      <h2 id="shop-products-title" className={styles.heading}>
        {title || t('shop.shopTitle')}
      </h2>
      {data.list.length === 0 ? (
        <p className={styles.muted}>{t('shop.empty')}</p>
      ) : (
        <ul className={styles.grid}>
          {data.list.map((product) => (
            <li key={product.id}>
              <button
                type="button"
                className={styles.productLink}
                onClick={() => navigate(PRODUCT_PAGE, { id: product.id })}
              >
                <img className={styles.thumb} src={product.images[0] ?? ''} alt="" loading="lazy" />
                <span className={styles.productTitle}>{product.title}</span>
                <span className={styles.row}>
                  <span className={styles.price}>
                    {t('shop.price', { price: formatPrice(product.price_cents) })}
                  </span>
                  <SaleNote product={product} />
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
