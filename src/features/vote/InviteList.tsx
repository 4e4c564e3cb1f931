import { useCallback } from 'react';
import { useTranslation } from '../../lib/i18n';
import { fetchInvites, type Contest } from './api';
import { usePagedList } from '../../lib/paged';
import * as styles from './vote.css';

/** The sign-ups the viewer invited (their inviteId was carried along), newest first. */
export function InviteList({ contest }: { contest: Contest }) {
  // Only a logged-in viewer has invitations (the contest's `mine` says so); nobody is asked to log in for this list.
  return contest.mine ? <Invites voteId={contest.id} /> : null;
}

function Invites({ voteId }: { voteId: number }) {
  const { t, i18n } = useTranslation();
  const fetchPage = useCallback((page: number) => fetchInvites(voteId, page, 20), [voteId]);
  const list = usePagedList(String(voteId), fetchPage);
  const date = (seconds: number) =>
    new Date(seconds * 1000).toLocaleDateString(i18n.language, { timeZone: 'Asia/Shanghai' });
  return (
    <section className={styles.section} aria-labelledby="invite-title">
      <h2 id="invite-title" className={styles.heading}>
        {t('vote.invites', { count: list.total })}
      </h2>
      {list.items.length === 0 && !list.loading ? (
        <p className={styles.muted}>{t('vote.noInvites')}</p>
      ) : null}
      <ul className={styles.rankList}>
        {list.items.map((invite) => (
          <li key={`${invite.user_id}-${invite.created_at}`} className={styles.teamRow}>
            {invite.avatar ? <img className={styles.rankPhoto} src={invite.avatar} alt="" /> : <span />}
            <span className={styles.rankName}>{invite.nickname}</span>
            <span className={styles.muted}>
              {t(`vote.signStatusShort.${invite.status}`)} · {date(invite.created_at)}
            </span>
          </li>
        ))}
      </ul>
      {list.hasMore && list.items.length > 0 ? (
        <button type="button" className={styles.ghostButton} disabled={list.loading} onClick={list.loadMore}>
          {t('vote.loadMore')}
        </button>
      ) : null}
    </section>
  );
}
