/**
 * An event's Chat section (owners and operators: `chat_moderation`): the live lines with delete and mute, the room's
 * settings, pre-review's waiting lines and the moderation log. Every action is a contract operation of
 * schemas/api/chat.json; what viewers see changes through the server's signals, this page's lines through the
 * event's socket room (live-chat.ts).
 */
import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { useParams } from 'react-router-dom';
import { api, ApiError } from '../app/api.ts';
import * as styles from '../app/console.css.ts';
import { useT } from '../app/i18n.ts';
import { ChatLines } from './ChatLines.tsx';
import { useConfirm } from '../app/Confirm.tsx';
import { LiveChat, type ChatLine } from './live-chat.ts';
import { ModerationLog } from './ModerationLog.tsx';
import * as own from './moderation.css.ts';
import { RoomControls } from './RoomControls.tsx';
import { WaitingLines } from './WaitingLines.tsx';

export function ChatSection() {
  const { t } = useT();
  const eventId = Number(useParams().event);
  const [event, setEvent] = useState<{ token: string; title: string } | null>(null);
  const [failure, setFailure] = useState('');
  useEffect(() => {
    api.get<'consoleEventGet'>('/v3/api/console/event', { id: eventId }).then(
      (answer) => setEvent({ token: answer.token, title: answer.title }),
      (error: unknown) => setFailure(error instanceof ApiError ? error.message : String(error)),
    );
  }, [eventId]);
  if (failure)
    return (
      <p role="alert" className={styles.error}>
        {failure}
      </p>
    );
  if (!event) return <p className={styles.muted}>{t('moderation.loading')}</p>;
  return <ChatRoomModeration key={event.token} token={event.token} title={event.title} />;
}

function ChatRoomModeration({ token, title }: { token: string; title: string }) {
  const { t } = useT();
  const chat = useMemo(() => new LiveChat(token), [token]);
  useEffect(() => chat.start(), [chat]);
  // Each part reads only what it shows: lines arriving re-render the list, not the settings, waiting lines and log.
  const room = useSyncExternalStore(chat.subscribe, chat.getRoom);
  const failure = useSyncExternalStore(chat.subscribe, chat.getFailure);
  const [logVersion, setLogVersion] = useState(0);
  const [actionFailure, setActionFailure] = useState('');
  const listRef = useRef<HTMLDivElement>(null);
  const { ask, element: dialog } = useConfirm(useCallback(() => listRef.current, []));
  const done = () => setLogVersion((version) => version + 1);

  const act = async (run: () => Promise<void>) => {
    setActionFailure('');
    try {
      await run();
      done();
    } catch (error) {
      setActionFailure(error instanceof ApiError ? error.message : String(error));
    }
  };

  const deleteLine = (line: ChatLine) =>
    ask({
      title: t('moderation.deleteTitle'),
      message: t('moderation.deleteQuestion', { name: line.nickname, text: line.content }),
      confirm: t('moderation.delete'),
      run: () =>
        act(async () => {
          await api.post<'chatDelete'>('/v3/api/chat/delete', { token, id: line.id });
          chat.lineChanged(line.id, 'deleted');
        }),
    });

  const muteSender = (line: ChatLine, mute: boolean) =>
    ask({
      title: t(mute ? 'moderation.muteTitle' : 'moderation.unmuteTitle'),
      message: t(mute ? 'moderation.muteQuestion' : 'moderation.unmuteQuestion', { name: line.nickname }),
      confirm: t(mute ? 'moderation.mute' : 'moderation.unmute'),
      run: () =>
        act(async () => {
          await api.post<'chatMute'>('/v3/api/chat/mute', { token, user_id: line.user_id, muted: mute });
          chat.mutedChanged(line.user_id, mute);
        }),
    });

  return (
    <>
      <h1 className={styles.heading}>{t('moderation.heading', { title })}</h1>
      {(failure || actionFailure) && (
        <p role="alert" className={styles.error}>
          {actionFailure || failure}
        </p>
      )}
      <div className={own.columns}>
        <section className={styles.card} aria-labelledby="chat-lines-heading">
          <h2 id="chat-lines-heading" className={own.subheading}>
            {t('moderation.lines')}
          </h2>
          <ChatLines chat={chat} onDelete={deleteLine} onMute={muteSender} listRef={listRef} />
        </section>
        <div>
          {room && (
            <RoomControls
              token={token}
              room={room}
              onRoom={(next) => chat.settings(next)}
              onDone={done}
              confirm={ask}
            />
          )}
        </div>
      </div>
      {room && <WaitingLines chat={chat} reviewing={room.pre_review} onDone={done} />}
      <ModerationLog token={token} version={logVersion} />
      {dialog}
    </>
  );
}
