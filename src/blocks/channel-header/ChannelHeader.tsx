import '../../features/channel/messages';
import { lazy, Suspense, useEffect, useState } from 'react';
import { AccountLink } from '../../features/account/AccountLink';
import { setFollowing } from '../../features/channel/api';
import { useChannel, type ChannelHome } from '../../features/channel/store';
import { loadViewer } from '../../features/video/viewer';
import { useVideo } from '../../features/video/store';
import { useTranslation } from '../../lib/i18n';
import { isWeChat } from '../../lib/wechat/user-agent';
import { toast } from '../../ui/toast/toast';
import type { BlockProps } from '../types';
import * as styles from './ChannelHeader.css';

// Sharing (the WeChat JS-SDK) and the QR code sheet are used after the first screen: they load when needed.
const shareChannel = (info: ChannelHome, userId: number | null) =>
  import('../../features/channel/share').then((module) => module.shareChannel(info, userId));
const ChannelQrPopup = lazy(() => import('./ChannelQrPopup'));

/**
 * The channel's header: cover, logo, name, follower count and the follow button (a login first when needed, then
 * back here and followed), sharing through WeChat, the channel QR code and the way to the user centre.
 */
export function ChannelHeader({ props }: BlockProps<'channel-header'>) {
  const { t } = useTranslation();
  const info = useChannel((state) => state.channelInfo);
  const userId = useVideo((state) => state.userInfo?.user_id ?? null);
  const [busy, setBusy] = useState(false);
  const [qrOpen, setQrOpen] = useState(false);
  const [viewerChecked, setViewerChecked] = useState(false);

  useEffect(() => {
    loadViewer().finally(() => setViewerChecked(true));
  }, []);
  useEffect(() => {
    // In WeChat the menu's share carries the channel from the start; failures surface when the button is used.
    if (info && viewerChecked && isWeChat()) shareChannel(info, userId).catch(() => {});
  }, [info, userId, viewerChecked]);

  if (!info) return null;
  const toggleFollow = () => {
    setBusy(true);
    setFollowing(!info.followed)
      .then((followed) => toast(t(followed ? 'channel.followDone' : 'channel.unfollowDone')))
      .catch(() => {})
      .finally(() => setBusy(false));
  };
  const onShare = () =>
    shareChannel(info, userId).then(
      () => toast(t('channel.shareHint')),
      (error: Error) => toast(error.message),
    );

  return (
    <header className={styles.header}>
      {info.cover ? (
        <img className={styles.cover} src={info.cover} alt="" width={750} height={280} />
      ) : (
        <div className={styles.band} aria-hidden="true" />
      )}
      <div className={styles.identity}>
        {info.logo ? (
          <img className={styles.logo} src={info.logo} alt="" width={64} height={64} />
        ) : (
          <span className={styles.logo} aria-hidden="true">
            {Array.from(info.title)[0]?.toUpperCase()}
          </span>
        )}
        <div className={styles.names}>
          <h1 className={styles.title}>{info.title}</h1>
          <p className={styles.followers}>{t('channel.followers', { count: info.followers })}</p>
        </div>
      </div>
      {props.showIntro && info.intro ? <p className={styles.intro}>{info.intro}</p> : null}
      <div className={styles.actions}>
        <button
          type="button"
          className={styles.follow}
          aria-pressed={info.followed}
          disabled={busy}
          onClick={toggleFollow}
        >
          {info.followed ? t('channel.followed') : t('channel.follow')}
        </button>
        {props.showShare ? (
          <>
            <button type="button" className={styles.ghost} aria-label={t('channel.share')} onClick={onShare}>
              {t('channel.shareButton')}
            </button>
            <button
              type="button"
              className={styles.ghost}
              aria-label={t('channel.qrcode')}
              onClick={() => setQrOpen(true)}
            >
              {t('channel.qrButton')}
            </button>
          </>
        ) : null}
        <AccountLink className={styles.ghostLink} />
      </div>
      {qrOpen ? (
        <Suspense fallback={null}>
          <ChannelQrPopup token={info.token} onClose={() => setQrOpen(false)} />
        </Suspense>
      ) : null}
    </header>
  );
}
