import '../../features/video/messages';
import { useEffect, useId, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { loadInvitees, recordArrivalInvite } from '../../features/invite/api';
import { shareEvent } from '../../features/share/share-event';
import { useVideo } from '../../features/video/store';
import { useLiveRoomData } from '../../features/video/use-live-room-data';
import { loadViewer } from '../../features/video/viewer';
import { useTranslation } from '../../lib/i18n';
import { isWeChat } from '../../lib/wechat/user-agent';
import { toast } from '../../ui/toast/toast';
import { card, heading } from '../../ui/card/card.css';
import { button } from '../../ui/button/button.css';
import { keepInView } from '../../ui/scroll/keep-in-view';
import * as styles from './Invite.css';

/** `section=invite` in a link (my invitations in the user centre) opens the live room at this block. */
const INVITE_SECTION = 'invite';

function Invitees() {
  const { t } = useTranslation();
  const { data } = useLiveRoomData('invite', loadInvitees);
  if (!data) return null;
  return (
    <>
      <h3 className={styles.subheading}>{t('liveRoom.invitedByMe', { count: data.total })}</h3>
      {data.list.length ? (
        <ul className={styles.list}>
          {data.list.map((invitee) => (
            <li key={invitee.user_id} className={styles.invitee}>
              {invitee.nickname || t('liveRoom.viewer', { id: invitee.user_id })}
            </li>
          ))}
        </ul>
      ) : (
        <p className={styles.muted}>{t('liveRoom.noInvitees')}</p>
      )}
    </>
  );
}

/**
 * Invitations and sharing: records the invitation a viewer arrived with, sets WeChat's share payload (with my user id
 * as inviteId) as soon as the room opens in WeChat, offers a share button, and lists who I invited.
 */
export function Invite() {
  const { t } = useTranslation();
  const titleId = useId();
  const info = useVideo((state) => state.info);
  const userId = useVideo((state) => state.userInfo?.user_id ?? null);
  const [viewerChecked, setViewerChecked] = useState(false);
  const token = info?.token;
  const [params] = useSearchParams();
  const asked = params.get('section') === INVITE_SECTION;
  const sectionRef = useRef<HTMLElement>(null);
  const shown = Boolean(info);
  useEffect(() => {
    const section = sectionRef.current;
    if (!asked || !shown || !section) return;
    section.querySelector('h2')?.focus({ preventScroll: true });
    return keepInView(section);
  }, [asked, shown]);

  useEffect(() => {
    loadViewer().finally(() => setViewerChecked(true));
  }, []);
  useEffect(() => {
    if (token) recordArrivalInvite(token).catch(() => {});
  }, [token]);
  useEffect(() => {
    // In WeChat the menu's share must carry this event from the start; failures surface when the button is used.
    if (info && viewerChecked && isWeChat()) shareEvent(info, userId).catch(() => {});
  }, [info, userId, viewerChecked]);

  if (!info) return null;
  const onShare = () =>
    shareEvent(info, userId).then(
      () => toast(t('liveRoom.shareHint')),
      (error: Error) => toast(error.message),
    );
  return (
    <section ref={sectionRef} className={card} aria-labelledby={titleId}>
      <h2 id={titleId} className={heading} tabIndex={-1}>
        {t('liveRoom.invite')}
      </h2>
      <button type="button" className={button({ block: true })} onClick={onShare}>
        {t('liveRoom.share')}
      </button>
      {userId ? (
        <Invitees />
      ) : viewerChecked ? (
        <p className={styles.muted}>{t('liveRoom.loginToSeeInvitees')}</p>
      ) : null}
    </section>
  );
}
