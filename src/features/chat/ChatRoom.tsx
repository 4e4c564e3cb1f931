import {
  Suspense,
  useCallback,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type FormEvent,
} from 'react';
import {
  observeElementOffset,
  observeElementRect,
  useVirtualizer,
  type Virtualizer,
} from '@tanstack/react-virtual';
import { appConfig } from '../../engine/config';
import { i18n, useTranslation } from '../../lib/i18n';
import { useStore } from '../../lib/store';
import { resumePayment } from '../payment';
import { button } from '../../ui/button/button.css';
import { Field } from '../../ui/field/Field';
import { input } from '../../ui/field/Field.css';
import { toast } from '../../ui/toast/toast';
import { chatStore, loadOlder, MAX_MESSAGE_LENGTH, openChatRoom, sendMessage } from './room';
import { ChatLine } from './ChatLine';
import { GiftBurst } from './GiftBurst';
import type { ChatAddOns } from './types';
import * as styles from './ChatRoom.css';

/** A line's height before it is measured (variable heights are measured as rows render). */
const ESTIMATED_ROW_PX = 32;
/** Within this distance of the end the viewer counts as reading the newest lines. */
const AT_BOTTOM_PX = 24;
/** A scroll up this soon after the viewer's wheel, touch, key or pointer is the viewer's (momentum included). */
const VIEWER_SCROLL_MS = 1_000;

const giftPaymentKey = (token: string) => `reward:${token}`;
const redPacketPaymentKey = (token: string) => `redpack:${token}`;

type Popup = 'gift' | 'redpack' | null;

type ListVirtualizer = Virtualizer<HTMLDivElement, Element>;

/**
 * The virtualizer's observers of the list's size and scroll position start in the next animation frame. Started at
 * once, they read the list's box and scrollTop while the page is still being built, and each read forces a layout of
 * the whole page (~30 ms at a phone's speed while the live room loads); in the frame, the read finds the layout the
 * browser does anyway. Until then the list renders as it does before any measurement.
 */
function inNextFrame<A extends unknown[]>(
  observe: (instance: ListVirtualizer, ...rest: A) => (() => void) | undefined,
) {
  return (instance: ListVirtualizer, ...rest: A) => {
    let stop: (() => void) | undefined;
    const frame = requestAnimationFrame(() => {
      stop = observe(instance, ...rest);
    });
    return () => {
      cancelAnimationFrame(frame);
      stop?.();
    };
  };
}
const observeListRect = inNextFrame(observeElementRect);
const observeListOffset = inNextFrame(observeElementOffset);

/**
 * The chat room of one event: windowed history and live lines, the send box, gifts and red packets (their pop-ups and
 * card come as `addOns`).
 */
export function ChatRoom({ token, addOns }: { token: string; addOns: ChatAddOns }) {
  const { GiftPopup, SendRedPacketPopup, RedPacketCard } = addOns;
  const { t } = useTranslation();
  const headingId = useId();
  const messages = useStore(chatStore, (state) => state.messages);
  const hasOlder = useStore(chatStore, (state) => state.hasOlder);
  const loaded = useStore(chatStore, (state) => state.loaded);
  const loadingOlder = useStore(chatStore, (state) => state.loadingOlder);
  const blacklisted = useStore(chatStore, (state) => state.blacklisted);
  const gated = useStore(chatStore, (state) => state.gated);
  const room = useStore(chatStore, (state) => state.room);
  const canModerate = useStore(chatStore, (state) => state.canModerate);
  // A room muted for everyone still lets its moderators speak (the server decides; this only spares the attempt).
  const roomMuted = room.muted && !canModerate;
  const [draft, setDraft] = useState('');
  const [sending, setSending] = useState(false);
  const [unseen, setUnseen] = useState(0);
  const [popup, setPopup] = useState<Popup>(null);
  const listRef = useRef<HTMLDivElement>(null);
  const atBottom = useRef(true);
  const lastId = useRef(0);

  useEffect(() => openChatRoom(token), [token]);

  // Coming back from the H5 payment page: finish the gift or red packet that was being paid.
  useEffect(() => {
    void (async () => {
      for (const key of [giftPaymentKey(token), redPacketPaymentKey(token)]) {
        if ((await resumePayment(key)) === 'paid') toast(i18n.t('chat.paid'));
      }
    })();
  }, [token]);

  // Row 0 is the list's top edge ('load more' or 'end of messages'); lines follow.
  // eslint-disable-next-line react-hooks/incompatible-library -- the virtualizer is read afresh on every render; nothing here memoises its functions
  const virtualizer = useVirtualizer({
    count: messages.length + 1,
    getScrollElement: () => listRef.current,
    estimateSize: () => ESTIMATED_ROW_PX,
    overscan: 6,
    // React batches the virtualizer's updates with the rest; a synchronous render per scroll event costs frames.
    useFlushSync: false,
    observeElementRect: observeListRect,
    observeElementOffset: observeListOffset,
    getItemKey: (index) => (index === 0 ? 'edge' : messages[index - 1].id),
  });

  const count = useRef(0);
  count.current = messages.length;
  const scrollToBottom = useCallback(() => {
    virtualizer.scrollToIndex(count.current, { align: 'end' });
    atBottom.current = true;
    setUnseen(0);
  }, [virtualizer]);

  // New lines at the end: follow them after the configured delay (one pending follow at a time, so a steady stream
  // still scrolls), unless the viewer scrolled up to read; then count them on the pill.
  const follow = useRef<ReturnType<typeof setTimeout> | null>(null);
  useLayoutEffect(() => {
    const newest = messages.at(-1)?.id ?? 0;
    if (newest === lastId.current) return;
    const added = messages.filter((message) => message.id > lastId.current).length;
    const first = lastId.current === 0;
    lastId.current = newest;
    if (first) {
      virtualizer.scrollToIndex(messages.length, { align: 'end' });
      atBottom.current = true;
      return;
    }
    if (!atBottom.current) {
      setUnseen((unseenCount) => unseenCount + added);
      return;
    }
    follow.current ??= setTimeout(() => {
      follow.current = null;
      if (atBottom.current) scrollToBottom();
    }, appConfig.constants.scrollToBottomDelayMs);
  }, [messages, scrollToBottom, virtualizer]);
  useEffect(
    () => () => {
      if (follow.current) clearTimeout(follow.current);
    },
    [],
  );

  // Rows measured taller than estimated grow the list, and the list's own box can change after the first scroll (its
  // styles, a block above it): a viewer at the end stays at the end (new lines wait for their delayed follow).
  const totalSize = virtualizer.getTotalSize();
  const viewportSize = virtualizer.scrollRect?.height ?? 0;
  useLayoutEffect(() => {
    const list = listRef.current;
    if (list && atBottom.current && follow.current === null) list.scrollTop = list.scrollHeight;
  }, [totalSize, viewportSize]);

  // Only the viewer leaves the end, by scrolling up with a finger, the wheel or the keyboard. The list's own scrolls
  // never do: the virtualizer moving the rows up when rows above the view are measured shorter than estimated, or a
  // scroll to the end that lands short while rows are measured taller.
  const lastScrollTop = useRef(0);
  const viewerScrolledAt = useRef(-Infinity);
  const onViewerScroll = () => {
    viewerScrolledAt.current = performance.now();
  };
  const onScroll = () => {
    const list = listRef.current;
    if (!list) return;
    const top = list.scrollTop;
    if (list.scrollHeight - top - list.clientHeight < AT_BOTTOM_PX) atBottom.current = true;
    else if (top < lastScrollTop.current && performance.now() - viewerScrolledAt.current < VIEWER_SCROLL_MS)
      atBottom.current = false;
    lastScrollTop.current = top;
    if (atBottom.current) setUnseen(0);
  };

  const onLoadOlder = async () => {
    // Asking for older lines is reading up: new lines wait on the pill.
    atBottom.current = false;
    const added = await loadOlder();
    // Keep the line that was at the top where it was.
    if (added > 0) virtualizer.scrollToIndex(added + 1, { align: 'start' });
  };

  const onSend = async (event: FormEvent) => {
    event.preventDefault();
    setSending(true);
    try {
      if (await sendMessage(draft)) {
        setDraft('');
        scrollToBottom();
      }
    } finally {
      setSending(false);
    }
  };

  return (
    <section className={styles.root} aria-labelledby={headingId} data-testid="chat-room">
      <h2 id={headingId} className={styles.heading}>
        {t('chat.title')}
      </h2>
      {room.pinned && (
        // The organiser's text, rendered as text (React escapes it), never as HTML.
        <aside className={styles.pinned} aria-label={t('chat.pinned')} data-testid="chat-pinned">
          <span className={styles.pinnedLabel}>{t('chat.pinned')}</span>
          <p className={styles.pinnedText}>{room.pinned}</p>
        </aside>
      )}
      <div className={styles.listWrap}>
        <div
          ref={listRef}
          className={styles.list}
          onScroll={onScroll}
          onWheel={onViewerScroll}
          onTouchMove={onViewerScroll}
          onKeyDown={onViewerScroll}
          onPointerDown={onViewerScroll}
          role="log"
          aria-live="polite"
          aria-busy={!loaded}
          aria-label={t('chat.messages')}
          tabIndex={0}
        >
          <div className={styles.rows} style={{ height: virtualizer.getTotalSize() }}>
            {virtualizer.getVirtualItems().map((item) => (
              <div
                key={item.key}
                ref={virtualizer.measureElement}
                data-index={item.index}
                className={styles.row}
                style={{ transform: `translateY(${item.start}px)` }}
              >
                {item.index === 0 ? (
                  <div className={styles.listEdge}>
                    {!loaded ? (
                      t('ui.loading')
                    ) : gated ? (
                      t('chat.gated')
                    ) : hasOlder ? (
                      <button
                        type="button"
                        className={styles.linkButton}
                        onClick={onLoadOlder}
                        disabled={loadingOlder}
                      >
                        {loadingOlder ? t('ui.loading') : t('chat.loadMore')}
                      </button>
                    ) : (
                      t('chat.endOfMessages')
                    )}
                  </div>
                ) : (
                  <ChatLine message={messages[item.index - 1]} RedPacketCard={RedPacketCard} />
                )}
              </div>
            ))}
          </div>
        </div>
        {unseen > 0 && (
          <button type="button" className={styles.pill} onClick={scrollToBottom}>
            {t('chat.newMessages', { count: unseen })}
          </button>
        )}
        <GiftBurst />
      </div>
      <form className={styles.composer} onSubmit={onSend}>
        {blacklisted || roomMuted ? (
          <p className={styles.muted} role="status">
            {t(blacklisted ? 'chat.youAreMuted' : 'chat.roomMuted')}
          </p>
        ) : (
          <>
            <Field label={t('chat.inputLabel')} labelHidden flush>
              {(control) => (
                <input
                  {...control}
                  className={input()}
                  value={draft}
                  onChange={(event) => setDraft(event.target.value)}
                  placeholder={t('chat.placeholder')}
                  maxLength={MAX_MESSAGE_LENGTH * 2}
                  enterKeyHint="send"
                  autoComplete="off"
                />
              )}
            </Field>
            <button type="submit" className={button({ size: 'compact' })} disabled={sending}>
              {t('chat.send')}
            </button>
          </>
        )}
      </form>
      {room.pre_review && !canModerate && !blacklisted && !roomMuted && (
        <p className={styles.notice} role="status">
          {t('chat.reviewNotice')}
        </p>
      )}
      <div className={styles.actions}>
        <button type="button" className={styles.actionButton} onClick={() => setPopup('gift')}>
          {t('chat.gift')}
        </button>
        <button type="button" className={styles.actionButton} onClick={() => setPopup('redpack')}>
          {t('chat.redPacket')}
        </button>
      </div>
      <Suspense fallback={null}>
        {popup === 'gift' && (
          <GiftPopup token={token} paymentKey={giftPaymentKey(token)} onClose={() => setPopup(null)} />
        )}
        {popup === 'redpack' && (
          <SendRedPacketPopup
            token={token}
            paymentKey={redPacketPaymentKey(token)}
            onClose={() => setPopup(null)}
          />
        )}
      </Suspense>
    </section>
  );
}
