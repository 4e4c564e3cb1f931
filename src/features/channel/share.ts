/**
 * Sharing the channel through WeChat: its name, introduction, cover (or logo) and a link to the channel home that
 * carries the sharer's user id as inviteId. The channel QR code encodes the same link (server QR route).
 */
import { launchStore } from '../../lib/launch';
import { buildPath } from '../../lib/navigation';
import { setupJsSdk } from '../../lib/wechat/setup';
import { setShare, type SharePayload } from '../../lib/wechat/share';
import { WechatError } from '../../lib/wechat/errors';
import { isShareSupported, isWeChat } from '../../lib/wechat/user-agent';
import { channelPage } from './routes';
import type { ChannelHome } from './store';

const DESC_MAX = 60;

export function channelSharePayload(
  home: ChannelHome,
  userId: number | null,
  href = window.location.href,
): SharePayload {
  const launch = launchStore.get();
  const inviteId = userId ? String(userId) : launch.inviteId;
  const route = buildPath(
    channelPage(),
    { channelToken: home.token },
    { ...launch, videoToken: '', inviteId },
    home.token,
  );
  const desc = home.intro || home.title;
  const image = home.cover || home.logo || home.live?.cover || '';
  return {
    title: home.title,
    desc: desc.length > DESC_MAX ? `${desc.slice(0, DESC_MAX - 1)}…` : desc,
    link: `${href.split('#')[0]}#${route}`,
    imgUrl: image ? new URL(image, href).href : '',
  };
}

/** Sets WeChat's share payload to the channel; rejects with a translated WechatError outside or in an old WeChat. */
export async function shareChannel(home: ChannelHome, userId: number | null, ua?: string): Promise<void> {
  if (!isWeChat(ua)) throw new WechatError('shareNotSupported');
  if (!isShareSupported(ua)) throw new WechatError('versionNotSupported');
  await setupJsSdk({ userId: userId ?? undefined, ua });
  await setShare(channelSharePayload(home, userId), ua);
}
