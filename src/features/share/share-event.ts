/**
 * Sharing the live room through WeChat: the event's title, a line of its description, its cover and a link to it
 * that carries the sharer's user id as inviteId (so whoever opens it is recorded as their invitation).
 */
import { launchStore } from '../../lib/launch';
import { buildPath } from '../../lib/navigation';
import { setupJsSdk } from '../../lib/wechat/setup';
import { setShare, type SharePayload } from '../../lib/wechat/share';
import { WechatError } from '../../lib/wechat/errors';
import { isShareSupported, isWeChat } from '../../lib/wechat/user-agent';
import type { VideoInfo } from '../video/types';
import { liveRoomPage } from '../video/routes';

const DESC_MAX = 60;

export function sharePayload(
  info: VideoInfo,
  userId: number | null,
  href = window.location.href,
): SharePayload {
  const launch = launchStore.get();
  const inviteId = userId ? String(userId) : launch.inviteId;
  const route = buildPath(liveRoomPage(), {}, { ...launch, videoToken: info.token, inviteId });
  const desc = info.description.split('\n').find((line) => line.trim()) ?? info.title;
  return {
    title: info.title,
    desc: desc.length > DESC_MAX ? `${desc.slice(0, DESC_MAX - 1)}…` : desc,
    link: `${href.split('#')[0]}#${route}`,
    imgUrl: info.cover ? new URL(info.cover, href).href : '',
  };
}

/**
 * Configures the JS-SDK (GET /v2/api/wechat/wechat_js_option) and sets the timeline and chat share payload. Rejects
 * with a translated WechatError: 'not supported for sharing' outside WeChat, 'your version is not supported' below
 * WeChat 7.0.12, or WeChat's own message when it refuses.
 */
export async function shareEvent(info: VideoInfo, userId: number | null, ua?: string): Promise<void> {
  if (!isWeChat(ua)) throw new WechatError('shareNotSupported');
  if (!isShareSupported(ua)) throw new WechatError('versionNotSupported');
  await setupJsSdk({ userId: userId ?? undefined, ua });
  await setShare(sharePayload(info, userId), ua);
}
