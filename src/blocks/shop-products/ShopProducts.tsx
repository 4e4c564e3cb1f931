import { useSearchParams } from 'react-router-dom';
import { launchStore } from '../../lib/launch';
import { ProductList } from '../../features/shop/ProductList';
import type { BlockProps } from '../types';

/** The shop's products: of the contest when the page names vote_id, else of the event (the video token). */
export function ShopProducts({ props }: BlockProps<'shop-products'>) {
  const [params] = useSearchParams();
  const voteId = params.get('vote_id');
  const scope =
    voteId && /^\d{1,9}$/.test(voteId)
      ? { vote_id: Number(voteId) }
      : { token: launchStore.get().videoToken };
  return (
    <ProductList scope={scope} limit={props.limit} title={props.title} hideWhenEmpty={props.hideWhenEmpty} />
  );
}
