/** Invitations: record the inviter a viewer arrived with, and list the viewers I invited. */
import { api } from '../../lib/api';
import { getAuthToken } from '../../lib/auth';
import { launchStore } from '../../lib/launch';
import { loadViewer } from '../video/viewer';

const QUIET = { quiet: true, noErrorToast: true } as const;

export const loadInvitees = (token: string) =>
  api.get('/v3/api/video/invite/list', { token, limit: 20 }, QUIET);

function storage(): Storage | undefined {
  try {
    return sessionStorage;
  } catch {
    return undefined;
  }
}

/**
 * A logged-in viewer who opened the event through someone else's link (inviteId) is recorded as that person's
 * invitation, once per page session (the server keeps one per viewer per event anyway). Opening one's own link
 * records nothing. Resolves true when a request was sent.
 */
export async function recordArrivalInvite(token: string): Promise<boolean> {
  const { inviteId, videoToken } = launchStore.get();
  if (!/^[1-9]\d{0,15}$/.test(inviteId) || !getAuthToken(videoToken)) return false;
  const key = `livev3:invite:${token}:${inviteId}`;
  if (storage()?.getItem(key)) return false;
  const viewer = await loadViewer();
  if (!viewer || String(viewer.user_id) === inviteId) return false;
  await api.post('/v3/api/video/invite/sog', { token, invite_id: Number(inviteId) }, QUIET);
  storage()?.setItem(key, '1');
  return true;
}
