import '../../lib/messages';
/**
 * Sharing a contest page: inside WeChat the share payload goes to the menu (the viewer then shares from the top-right
 * menu); elsewhere the system share sheet, or the link copied to the clipboard.
 */
import { i18n } from '../../lib/i18n';
import { WechatError } from '../../lib/wechat/errors';
import { setShare } from '../../lib/wechat/share';
import { setupJsSdk } from '../../lib/wechat/setup';
import { isWeChat } from '../../lib/wechat/user-agent';
import { toast } from '../../ui/toast/toast';

export type ShareContent = { title: string; desc: string; link: string; imgUrl: string };

export async function sharePage(content: ShareContent): Promise<void> {
  if (isWeChat()) {
    try {
      await setupJsSdk();
      await setShare(content);
      toast(i18n.t('vote.shareHint'));
    } catch (error) {
      toast(error instanceof WechatError ? error.message : i18n.t('messages.shareNotSupported'));
    }
    return;
  }
  if (typeof navigator.share === 'function') {
    try {
      await navigator.share({ title: content.title, text: content.desc, url: content.link });
    } catch {
      // The viewer closed the sheet.
    }
    return;
  }
  try {
    await navigator.clipboard.writeText(content.link);
    toast(i18n.t('vote.linkCopied'));
  } catch {
    toast(i18n.t('messages.shareNotSupported'));
  }
}

/** An absolute link to an in-app hash route (share links and QR codes leave the app). */
export function absoluteAppLink(path: string): string {
  return `${window.location.href.split('#')[0]}#${path}`;
}
