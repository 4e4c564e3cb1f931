/**
 * Pre-review's waiting lines, oldest first, each approved (it goes to the room) or rejected (its sender is told). A
 * waiting line reaches nobody but its sender and the moderators: the console's socket hears it (`chat:waiting`) and
 * hears every decision, this moderator's or another's (`chat:reviewed`), so the list follows without asking again.
 */
import { useState } from 'react';
import { useSubscription } from '../../../src/lib/store';
import { api, ApiError } from '../app/api.ts';
import * as styles from '../app/console.css.ts';
import { useT } from '../app/i18n.ts';
import { useLineText } from './ChatLines.tsx';
import type { ChatLine, LiveChat } from './live-chat.ts';
import * as own from './moderation.css.ts';

export function WaitingLines({
  chat,
  reviewing,
  onDone,
}: {
  chat: LiveChat;
  reviewing: boolean;
  onDone(): void;
}) {
  const { t } = useT();
  const lineText = useLineText();
  const waiting = useSubscription(chat.subscribe, chat.getWaiting);
  const [failure, setFailure] = useState('');

  const decide = async (line: ChatLine, decision: 'approve' | 'reject') => {
    setFailure('');
    try {
      const answer =
        decision === 'approve'
          ? await api.post<'chatApprove'>('/v3/api/chat/approve', { token: chat.token, id: line.id })
          : await api.post<'chatReject'>('/v3/api/chat/reject', { token: chat.token, id: line.id });
      chat.reviewed(line.id, answer.status);
      onDone();
    } catch (error) {
      setFailure(error instanceof ApiError ? error.message : String(error));
    }
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
