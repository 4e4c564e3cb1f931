/**
 * The event's moderation log (chatModerationLog): who did what, when, to whom, newest first; read again after each
 * action of this moderator (`version`), older entries on demand.
 */
import { useEffect, useState } from 'react';
import { api, ApiError, type Data } from '../app/api.ts';
import * as styles from '../app/console.css.ts';
import { formatStart } from '../app/format.ts';
import { useT, type ConsoleKey } from '../app/i18n.ts';
import * as own from './moderation.css.ts';

type Entry = Data<'chatModerationLog'>['list'][number];

const actionKey = (action: Entry['action']): ConsoleKey => `moderation.action_${action}`;

export function ModerationLog({ token, version }: { token: string; version: number }) {
  const { t, locale } = useT();
  const [entries, setEntries] = useState<Entry[]>([]);
  const [hasMore, setHasMore] = useState(false);
  const [failure, setFailure] = useState('');

  const fail = (error: unknown) => setFailure(error instanceof ApiError ? error.message : String(error));
  const page = (beforeId?: number) =>
    api.post<'chatModerationLog'>('/v3/api/chat/moderation/log', { token, before_id: beforeId, limit: 20 });

  useEffect(() => {
    api.post<'chatModerationLog'>('/v3/api/chat/moderation/log', { token, limit: 20 }).then((answer) => {
      setEntries(answer.list);
      setHasMore(answer.has_more);
      setFailure('');
    }, fail);
  }, [token, version]);

  const more = () =>
    page(entries[entries.length - 1]?.id).then((answer) => {
      setEntries((held) => [...held, ...answer.list]);
      setHasMore(answer.has_more);
    }, fail);

  return (
    <section className={styles.card} aria-labelledby="moderation-log-heading">
      <h2 id="moderation-log-heading" className={own.subheading}>
        {t('moderation.log')}
      </h2>
      {failure && (
        <p role="alert" className={styles.error}>
          {failure}
        </p>
      )}
      {entries.length === 0 ? (
        <p className={styles.muted}>{t('moderation.logEmpty')}</p>
      ) : (
        <table className={styles.table}>
          <thead>
            <tr>
              <th className={styles.cell}>{t('moderation.logWhen')}</th>
              <th className={styles.cell}>{t('moderation.logWho')}</th>
              <th className={styles.cell}>{t('moderation.logWhat')}</th>
              <th className={styles.cell}>{t('moderation.logTarget')}</th>
              <th className={styles.cell}>{t('moderation.logDetail')}</th>
            </tr>
          </thead>
          <tbody>
            {entries.map((entry) => (
              <tr key={entry.id}>
                <td className={styles.cell}>
                  <time className={own.logTime} dateTime={new Date(entry.created_at).toISOString()}>
                    {formatStart(entry.created_at / 1000, locale)}
                  </time>
                </td>
                <td className={styles.cell}>{entry.by_nickname}</td>
                <td className={styles.cell}>{t(actionKey(entry.action))}</td>
                <td className={styles.cell}>{entry.target_nickname}</td>
                <td className={styles.cell}>{entry.detail}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {hasMore && (
        <button type="button" className={styles.button.secondary} onClick={() => void more()}>
          {t('moderation.logMore')}
        </button>
      )}
    </section>
  );
}
