import { formatPrice } from '../../lib/format';
import { useTranslation } from '../../lib/i18n';
import { useAppNavigate } from '../../lib/navigation';
import { card, heading, note } from '../../ui/card/card.css';
import { fetchProducts, type Product, type ProductScope } from './api';
import { productPage } from './routes';
import { LoadState } from './States';
import { useLoad } from '../../lib/use-load';
import { badge, price, productLink, productTitle, thumb } from './product.css';
import { row } from './list.css';
import * as styles from './ProductList.css';

/** What a product's card says under its price: sold out, not yet or no longer on sale, or the stock. */
export function SaleNote({ product }: { product: Product }) {
  const { t } = useTranslation();
  if (product.sale_state === 'upcoming') return <span className={badge}>{t('shop.upcoming')}</span>;
  if (product.sale_state === 'ended') return <span className={badge}>{t('shop.ended')}</span>;
  if (product.stock <= 0) return <span className={badge}>{t('shop.soldOut')}</span>;
  return <span className={note}>{t('shop.stock', { count: product.stock })}</span>;
}

/** The products of an event or contest as a two-column grid; a tap opens the product. */
export function ProductList({
  scope,
  limit,
  title,
  hideWhenEmpty,
}: {
  scope: ProductScope;
  limit: number;
  title?: string;
  /** Placed inside another page (the live room): no spinner, and nothing at all when there are no products. */
  hideWhenEmpty: boolean;
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
    <section className={card} aria-labelledby="shop-products-title">
      <h2 id="shop-products-title" className={heading}>
        {title || t('shop.shopTitle')}
      </h2>
      {data.list.length === 0 ? (
        <p className={note}>{t('shop.empty')}</p>
      ) : (
        <ul className={styles.grid}>
          {data.list.map((product) => (
            <li key={product.id}>
              <button
                type="button"
                className={productLink}
                onClick={() => navigate(productPage(), { id: product.id })}
              >
                <img className={thumb} src={product.images[0] ?? ''} alt="" loading="lazy" />
                <span className={productTitle}>{product.title}</span>
                <span className={row}>
                  <span className={price}>
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
