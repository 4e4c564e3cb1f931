import { useCallback } from 'react';
import { useTranslation } from '../../lib/i18n';
import { fetchInvites, type Contest } from './api';
import { usePagedList } from '../../lib/paged';
import { button } from '../../ui/button/button.css';
import { card, heading, note } from '../../ui/card/card.css';
import * as styles from './RankRow.css';

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
    <section className={card} aria-labelledby="invite-title">
      <h2 id="invite-title" className={heading}>
        {t('vote.invites', { count: list.total })}
      </h2>
      {list.items.length === 0 && !list.loading ? <p className={note}>{t('vote.noInvites')}</p> : null}
      <ul className={styles.rankList}>
        {list.items.map((invite) => (
          <li key={`${invite.user_id}-${invite.created_at}`} className={styles.shortRow}>
            {invite.avatar ? <img className={styles.rankPhoto} src={invite.avatar} alt="" /> : <span />}
            <span className={styles.rankName}>{invite.nickname}</span>
            <span className={note}>
              {t(`vote.signStatusShort.${invite.status}`)} · {date(invite.created_at)}
            </span>
          </li>
        ))}
      </ul>
      {list.hasMore && list.items.length > 0 ? (
        <button
          type="button"
          className={button({ tone: 'secondary', size: 'compact' })}
          disabled={list.loading}
          onClick={list.loadMore}
        >
          {t('vote.loadMore')}
        </button>
      ) : null}
    </section>
  );
}
