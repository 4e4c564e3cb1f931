/** The channel calls (schemas/api/channel.json) and the loads that fill the channel store. */
import { api } from '../../lib/api';
import { LOGIN_RESUMED_EVENT } from '../../lib/login-return';
import { channelStore, type ChannelVideo } from './store';

export type VideoPage = {
  list: ChannelVideo[];
  total: number;
  page: number;
  page_size: number;
  has_more: boolean;
};

let loading: { token: string; promise: Promise<void> } | null = null;

/** Loads the channel of `token` into the store (once per token unless `force`). */
export function loadChannel(token: string, options: { force?: boolean } = {}): Promise<void> {
  const state = channelStore.get();
  if (!options.force && state.channelToken === token && (state.settled || loading?.token === token))
    return loading?.promise ?? Promise.resolve();
  if (state.channelToken !== token)
    channelStore.update((draft) => {
      draft.channelToken = token;
      draft.channelInfo = null;
      draft.settled = false;
    });
  if (!token) {
    channelStore.update((draft) => {
      draft.settled = true;
    });
    return Promise.resolve();
  }
  const promise = api.get('/v2/api/home/index', { channel_token: token }, { quiet: true }).then(
    (info) => {
      if (channelStore.get().channelToken !== token) return;
      channelStore.update((draft) => {
        draft.channelInfo = info;
        draft.settled = true;
      });
    },
    () => {
      if (channelStore.get().channelToken !== token) return;
      channelStore.update((draft) => {
        draft.channelInfo = null;
        draft.settled = true;
      });
    },
  );
  loading = { token, promise };
  return promise.finally(() => {
    if (loading?.promise === promise) loading = null;
  });
}

/** Pull-down refresh: the channel again, and every list starts over. */
export async function refreshChannel(): Promise<void> {
  await loadChannel(channelStore.get().channelToken, { force: true });
  channelStore.update((draft) => {
    draft.refreshCount += 1;
  });
}

export function fetchCategoryVideos(
  token: string,
  categoryId: number,
  page: number,
  pageSize: number,
): Promise<VideoPage> {
  return api.get(
    '/v2/api/home/category/video',
    { channel_token: token, category_id: categoryId, page, page_size: pageSize },
    { quiet: true },
  );
}

export function searchVideos(
  token: string,
  keyword: string,
  page: number,
  pageSize: number,
): Promise<VideoPage> {
  return api.get(
    '/v2/api/home/search',
    { channel_token: token, keyword, page, page_size: pageSize },
    { quiet: true },
  );
}

export async function fetchChannelHtml(token: string): Promise<string> {
  return (await api.get('/v2/api/home/html/get', { channel_token: token }, { quiet: true })).html;
}

export async function fetchCategoryHtml(token: string, categoryId: number): Promise<string> {
  return (
    await api.get(
      '/v2/api/home/category/html',
      { channel_token: token, category_id: categoryId },
      { quiet: true },
    )
  ).html;
}

/** Follows or unfollows (login first when needed: the call runs again once the viewer is back logged in). */
export async function setFollowing(follow: boolean): Promise<boolean> {
  const token = channelStore.get().channelToken;
  const answer = await api.post(
    follow ? '/v2/api/home/follow' : '/v2/api/home/unfollow',
    { channel_token: token },
    { login: true },
  );
  channelStore.update((draft) => {
    if (draft.channelInfo && draft.channelToken === token) {
      draft.channelInfo.followed = answer.followed;
      draft.channelInfo.followers = answer.followers;
    }
  });
  return answer.followed;
}

/** The channel QR code image (a real PNG from the server, encoding the channel link). */
export function channelQrUrl(token: string): string {
  return `/v2/api/mini/qrcode/channel?channel_token=${encodeURIComponent(token)}`;
}

/**
 * Back from a login an action asked for (a follow, outside WeChat without reloading the page): the viewer is known
 * now and the replayed call may have followed, so the channel is read again for this viewer.
 */
if (typeof window !== 'undefined')
  window.addEventListener(LOGIN_RESUMED_EVENT, () => {
    const token = channelStore.get().channelToken;
    if (token) void loadChannel(token, { force: true });
  });
