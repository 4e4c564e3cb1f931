import { FavouritesPage } from '../../features/account/FavouritesPage';
import type { BlockProps } from '../types';

/** The viewer's saved videos and contest players, paged and windowed, with remove. No props. */
export function AccountFavourites(_: BlockProps<'account-favourites'>) {
  return <FavouritesPage />;
}
