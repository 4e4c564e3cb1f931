/**
 * Pre-review's waiting lines (chatWaiting), oldest first, each approved (it goes to the room) or rejected (its sender
 * is told). A waiting line reaches nobody but its sender, so the room's socket does not carry it: the list is asked
 * again every WAITING_POLL_MS while pre-review is on, and after each decision.
 */
import { useCallback, useEffect, useState } from 'react';
import { api, ApiError } from '../app/api.ts';
import * as styles from '../app/console.css.ts';
import { useT } from '../app/i18n.ts';
import { useLineText } from './ChatLines.tsx';
import type { ChatLine } from './live-chat.ts';
import * as own from './moderation.css.ts';

export const WAITING_POLL_MS = 2000;

export function WaitingLines({
  token,
  reviewing,
  onReviewed,
}: {
  token: string;
  reviewing: boolean;
  onReviewed(id: number, status: ChatLine['status']): void;
}) {
  const { t } = useT();
  const lineText = useLineText();
  const [waiting, setWaiting] = useState<ChatLine[]>([]);
  const [failure, setFailure] = useState('');

  const load = useCallback(
    () =>
      api.post<'chatWaiting'>('/v3/api/chat/waiting', { token, limit: 50 }).then(
        (answer) => {
          setWaiting(answer.list);
          setFailure('');
        },
        (error: unknown) => setFailure(error instanceof ApiError ? error.message : String(error)),
      ),
    [token],
  );

  useEffect(() => {
    void load();
    if (!reviewing) return;
    const timer = setInterval(() => void load(), WAITING_POLL_MS);
    return () => clearInterval(timer);
  }, [load, reviewing]);

  const decide = async (line: ChatLine, decision: 'approve' | 'reject') => {
    try {
      const answer =
        decision === 'approve'
          ? await api.post<'chatApprove'>('/v3/api/chat/approve', { token, id: line.id })
          : await api.post<'chatReject'>('/v3/api/chat/reject', { token, id: line.id });
      onReviewed(line.id, answer.status);
    } catch (error) {
      setFailure(error instanceof ApiError ? error.message : String(error));
    }
    await load();
  };

  if (!reviewing && waiting.length === 0) return null;
  return (
    <section className={styles.card} aria-labelledby="waiting-heading">
      <h2 id="waiting-heading" className={own.subheading}>
        {t('moderation.waiting', { count: waiting.length })}
      </h2>
      {failure && (
        <p role="alert" className={styles.error}>
          {failure}
        </p>
      )}
      {waiting.length === 0 ? (
        <p className={styles.muted}>{t('moderation.noneWaiting')}</p>
      ) : (
        <ul className={own.stack} aria-label={t('moderation.waitingList')}>
          {waiting.map((line) => (
            <li key={line.id} className={styles.row}>
              <span className={own.lineText}>
                <span className={own.sender}>{line.nickname}</span>
                {lineText(line)}
              </span>
              <button type="button" className={styles.button.primary} onClick={() => decide(line, 'approve')}>
                {t('moderation.approve')}
              </button>
              <button
                type="button"
                className={styles.button.secondary}
                onClick={() => decide(line, 'reject')}
              >
                {t('moderation.reject')}
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
