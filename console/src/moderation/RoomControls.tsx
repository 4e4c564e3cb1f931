/**
 * The room's settings: mute everyone (confirmed), pre-review, the pinned announcement, the sensitive-word list (one
 * word a line, read from chatWords and saved whole with chatWordsSave).
 */
import { useEffect, useId, useState } from 'react';
import { api, ApiError } from '../app/api.ts';
import * as styles from '../app/console.css.ts';
import { useT } from '../app/i18n.ts';
import type { RoomState } from './live-chat.ts';
import * as own from './moderation.css.ts';

const message = (error: unknown) => (error instanceof ApiError ? error.message : String(error));

export function RoomControls({
  token,
  room,
  onRoom,
  onDone,
  confirm,
}: {
  token: string;
  room: RoomState;
  onRoom(room: RoomState): void;
  /** An action went through: the log reads again. */
  onDone(): void;
  confirm(question: { title: string; message: string; confirm: string; run(): Promise<void> }): void;
}) {
  const { t } = useT();
  const [pin, setPin] = useState('');
  const [words, setWords] = useState('');
  const [wordsSaved, setWordsSaved] = useState(false);
  const [failure, setFailure] = useState('');
  const pinId = useId();
  const wordsId = useId();

  useEffect(() => {
    api.get<'chatWords'>('/v3/api/chat/words', { token }).then(
      (answer) => setWords(answer.words.join('\n')),
      (error: unknown) => setFailure(message(error)),
    );
  }, [token]);

  const act = async (run: () => Promise<void>) => {
    setFailure('');
    try {
      await run();
      onDone();
    } catch (error) {
      setFailure(message(error));
    }
  };

  const muteAll = (muted: boolean) =>
    confirm({
      title: t(muted ? 'moderation.muteAll' : 'moderation.unmuteAll'),
      message: t(muted ? 'moderation.muteAllQuestion' : 'moderation.unmuteAllQuestion'),
      confirm: t(muted ? 'moderation.muteAll' : 'moderation.unmuteAll'),
      run: () =>
        act(async () => onRoom(await api.post<'chatMuteAll'>('/v3/api/chat/mute_all', { token, muted }))),
    });

  return (
    <section className={`${styles.card} ${own.stack}`} aria-labelledby={`${pinId}-heading`}>
      <h2 id={`${pinId}-heading`} className={own.subheading}>
        {t('moderation.room')}
      </h2>
      {failure && (
        <p role="alert" className={styles.error}>
          {failure}
        </p>
      )}
      <p className={own.small}>
        {t(room.muted ? 'moderation.everyoneMuted' : 'moderation.everyoneSpeaks')}{' '}
        {t(room.pre_review ? 'moderation.reviewOn' : 'moderation.reviewOff')}
      </p>
      <div className={styles.row}>
        <button type="button" className={styles.button.secondary} onClick={() => muteAll(!room.muted)}>
          {t(room.muted ? 'moderation.unmuteAll' : 'moderation.muteAll')}
        </button>
        <button
          type="button"
          className={styles.button.secondary}
          onClick={() =>
            act(async () =>
              onRoom(
                await api.post<'chatReviewMode'>('/v3/api/chat/review_mode', {
                  token,
                  enabled: !room.pre_review,
                }),
              ),
            )
          }
        >
          {t(room.pre_review ? 'moderation.reviewTurnOff' : 'moderation.reviewTurnOn')}
        </button>
      </div>

      <form
        className={own.stack}
        onSubmit={(event) => {
          event.preventDefault();
          void act(async () => {
            onRoom(await api.post<'chatPin'>('/v3/api/chat/pin', { token, content: pin }));
            setPin('');
          });
        }}
      >
        {room.pinned && (
          <p className={own.small}>
            <span className={styles.label}>{t('moderation.pinned')}</span> {room.pinned}
          </p>
        )}
        <label htmlFor={pinId} className={styles.label}>
          {t('moderation.announcement')}
        </label>
        <input
          id={pinId}
          className={styles.input}
          value={pin}
          maxLength={200}
          onChange={(event) => setPin(event.currentTarget.value)}
        />
        <div className={styles.row}>
          <button type="submit" className={styles.button.secondary} disabled={!pin.trim()}>
            {t('moderation.pin')}
          </button>
          {room.pinned && (
            <button
              type="button"
              className={styles.button.secondary}
              onClick={() =>
                act(async () => onRoom(await api.post<'chatUnpin'>('/v3/api/chat/unpin', { token })))
              }
            >
              {t('moderation.unpin')}
            </button>
          )}
        </div>
      </form>

      <form
        className={own.stack}
        onSubmit={(event) => {
          event.preventDefault();
          setWordsSaved(false);
          void act(async () => {
            const saved = await api.post<'chatWordsSave'>('/v3/api/chat/words', {
              token,
              words: words.split('\n'),
            });
            setWords(saved.words.join('\n'));
            setWordsSaved(true);
          });
        }}
      >
        <label htmlFor={wordsId} className={styles.label}>
          {t('moderation.words')}
        </label>
        <span id={`${wordsId}-hint`} className={styles.hint}>
          {t('moderation.wordsHint')}
        </span>
        <textarea
          id={wordsId}
          aria-describedby={`${wordsId}-hint`}
          className={`${styles.input} ${own.words}`}
          value={words}
          onChange={(event) => {
            setWords(event.currentTarget.value);
            setWordsSaved(false);
          }}
        />
        <div className={styles.row}>
          <button type="submit" className={styles.button.secondary}>
            {t('moderation.wordsSave')}
          </button>
          <span role="status" className={styles.success}>
            {wordsSaved ? t('moderation.wordsSaved') : ''}
          </span>
        </div>
      </form>
    </section>
  );
}
