/** Favourites calls (schemas/api/favourites.json), shared by the collection page and the save buttons. */
import type { ApiData } from '../../lib/api';
import { api } from '../../lib/api';

export type FavouriteKind = 'video' | 'player';
export type Favourite = ApiData<'/v3/api/user/collect/list', 'get'>['list'][number];

const FAVOURITES_PAGE_SIZE = 20;

export const fetchFavourites = (kind: FavouriteKind, page: number) =>
  api.get('/v3/api/user/collect/list', { kind, page, page_size: FAVOURITES_PAGE_SIZE }, { quiet: page > 1 });

export const favouriteStatus = (kind: FavouriteKind, target: string) =>
  api.get('/v3/api/user/collect/status', { kind, target }, { quiet: true, noErrorToast: true });

export const saveFavourite = (kind: FavouriteKind, target: string) =>
  api.post('/v3/api/user/collect/save', { kind, target }, { login: true });

export const removeFavourite = (kind: FavouriteKind, target: string) =>
  api.post('/v3/api/user/collect/remove', { kind, target }, { login: true });
