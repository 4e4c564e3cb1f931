import { useSearchParams } from 'react-router-dom';
import { formatPrice } from '../../lib/format';
import { useTranslation } from '../../lib/i18n';
import { useAppNavigate } from '../../lib/navigation';
import { button } from '../../ui/button/button.css';
import { EmptyState } from '../../ui/empty-state/EmptyState';
import { actions, card, note } from '../../ui/card/card.css';
import { fetchProduct, type Product } from './api';
import { SaleNote } from './ProductList';
import { checkoutPage, previewImagePage } from './routes';
import { LoadState } from './States';
import { useLoad } from '../../lib/use-load';
import { usePageNamedBy } from '../../lib/entity-title';
import { useBlockHeading } from '../../ui/page/page-heading';
import { queryId } from './format';
import { price, productLink, thumb } from './product.css';
import { row } from './list.css';
import * as styles from './ProductDetail.css';

export const canBuy = (product: Product) => product.sale_state === 'on_sale' && product.stock > 0;

/** One product: its images (a tap opens the full-screen preview), price, stock, limit, description and buy. */
export function ProductDetail() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const id = queryId(params.get('id'));
  const navigate = useAppNavigate();
  const {
    data: product,
    failed,
    reload,
  } = useLoad(() => (id === null ? Promise.resolve(null) : fetchProduct(id)), [id]);
  // The product's name titles the page; its own heading would repeat the page's.
  usePageNamedBy(product?.title);
  const heading = useBlockHeading('product-title', product?.title ?? '');
  if (product === undefined) return <LoadState failed={failed} onRetry={reload} />;
  if (product === null) return <EmptyState title={t('shop.empty')} />;
  return (
    <article className={card} aria-labelledby={heading.labelledBy}>
      <ul className={styles.gallery}>
        {product.images.map((url, index) => (
          <li key={`${url}-${index}`} className={styles.galleryItem}>
            <button
              type="button"
              className={productLink}
              aria-label={t('shop.viewImage', { index: index + 1 })}
              onClick={() => navigate(previewImagePage(), { urls: product.images.join(','), current: index })}
            >
              <img className={thumb} src={url} alt="" />
            </button>
          </li>
        ))}
      </ul>
      {heading.own ? (
        <h2 id="product-title" className={styles.detailTitle}>
          {product.title}
        </h2>
      ) : null}
      <p className={row}>
        <span className={price}>{t('shop.price', { price: formatPrice(product.price_cents) })}</span>
        <SaleNote product={product} />
      </p>
      {product.limit_per_user > 0 ? (
        <p className={note}>{t('shop.limit', { count: product.limit_per_user })}</p>
      ) : null}
      {product.description ? <p className={styles.description}>{product.description}</p> : null}
      <div className={actions}>
        <button
          type="button"
          className={button({ block: true })}
          disabled={!canBuy(product)}
          onClick={() => navigate(checkoutPage(), { id: product.id })}
        >
          {t('shop.buy')}
        </button>
      </div>
    </article>
  );
}
