/**
 * Which gate stands between the viewer and the video, from the detail (the server hands out stream URLs only when
 * every gate is passed). Free gates come first so a viewer never pays before learning they also need a password.
 * A member (vip_free) is never asked to pay; the other gates still apply.
 */
import type { VideoInfo } from './types';

export type AccessGate = 'password' | 'infoForm' | 'phone' | 'pay';

export function accessGate(
  info: Pick<
    VideoInfo,
    'needs_password' | 'needs_info_form' | 'needs_phone' | 'price' | 'can_watch' | 'vip_free'
  >,
): AccessGate | null {
  if (info.can_watch) return null;
  if (info.needs_password) return 'password';
  if (info.needs_info_form) return 'infoForm';
  if (info.needs_phone) return 'phone';
  if (info.price > 0 && !info.vip_free) return 'pay';
  return null;
}

/** The key a video purchase is remembered under while the H5 payment page is open. */
export const videoPaymentKey = (token: string) => `video:${token}`;
