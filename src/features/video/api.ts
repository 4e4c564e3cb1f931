import { api } from '../../lib/api';
import { launchStore } from '../../lib/launch';
import { LOADING_BUSY, LOADING_IDLE, videoStore } from './store';

/**
 * Loads the event by the launch video token. The loading flag goes 1 -> 2 only when a token exists, and back to 1 on
 * success or failure; a failure clears the video info.
 */
export async function loadVideoDetail(options: { quiet?: boolean } = {}): Promise<void> {
  const token = launchStore.get().videoToken;
  if (!token) {
    videoStore.update((draft) => {
      draft.settled = true;
    });
    return;
  }
  videoStore.update((draft) => {
    draft.loading = LOADING_BUSY;
  });
  try {
    const info = await api.get('/v3/api/video/detail', { token }, { quiet: options.quiet });
    videoStore.update((draft) => {
      draft.info = info;
      draft.loading = LOADING_IDLE;
      draft.settled = true;
      draft.refreshCount += 1;
    });
  } catch {
    videoStore.update((draft) => {
      draft.info = null;
      draft.loading = LOADING_IDLE;
      draft.settled = true;
    });
  }
}
