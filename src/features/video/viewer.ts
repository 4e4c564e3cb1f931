/** The logged-in viewer (POST /v3/api/user/info), loaded once per page into the video store's userInfo. */
import { api } from '../../lib/api';
import { getAuthToken } from '../../lib/auth';
import { launchStore } from '../../lib/launch';
import { videoStore, type VideoState } from './store';

let pending: Promise<VideoState['userInfo']> | null = null;

/** The viewer, or null for an anonymous one (no stored token) or when the call fails. */
export function loadViewer(): Promise<VideoState['userInfo']> {
  const known = videoStore.get().userInfo;
  if (known) return Promise.resolve(known);
  if (!getAuthToken(launchStore.get().videoToken)) return Promise.resolve(null);
  pending ??= api.post('/v3/api/user/info', {}, { quiet: true, noErrorToast: true }).then(
    (user) => {
      const userInfo = { user_id: user.user_id, phone: user.phone, permissions: user.permissions };
      videoStore.update((draft) => {
        draft.userInfo = userInfo;
      });
      return userInfo;
    },
    () => {
      pending = null;
      return null;
    },
  );
  return pending;
}
