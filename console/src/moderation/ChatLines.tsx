/**
 * The live lines, windowed (@tanstack/react-virtual): only the rows in view are in the page, whatever the rate. The
 * list follows the newest line while the moderator is at its end and stays put while they read further up. Each line
 * offers delete; each sender, mute or unmute. Texts are plain React text, never HTML.
 */
import { useVirtualizer, type Virtualizer } from '@tanstack/react-virtual';
import { memo, useLayoutEffect, useRef } from 'react';
import { useSubscription } from '../../../src/lib/store';
import * as styles from '../app/console.css.ts';
import { formatClock } from '../app/format.ts';
import { useT, type ConsoleKey } from '../app/i18n.ts';
import type { ChatLine, LiveChat } from './live-chat.ts';
import * as own from './moderation.css.ts';

/** A row's height before it is measured. */
const ESTIMATED_ROW_PX = 48;

/**
 * A row's height as the virtualizer's ResizeObserver measured it, in the frame's own layout. The default reads the
 * row's offsetHeight as each row mounts, forcing a layout per new row: at 500 lines/s that was most of a frame's work.
 * Until its measurement comes, a row counts as what it measured before (scrolled back into view), or the estimate.
 */
function rowHeight(
  row: Element,
  entry: ResizeObserverEntry | undefined,
  list: Virtualizer<HTMLDivElement, Element>,
): number {
  const box = entry?.borderBoxSize?.[0];
  if (box) return Math.round(box.blockSize);
  return list.itemSizeCache.get(list.options.getItemKey(list.indexFromElement(row))) ?? ESTIMATED_ROW_PX;
}

const statusKey: Partial<Record<ChatLine['status'], ConsoleKey>> = {
  waiting: 'moderation.status_waiting',
  rejected: 'moderation.status_rejected',
  deleted: 'moderation.status_deleted',
};

/** What a line says: its text, or what was given (gifts, tips, red packets). */
export function useLineText() {
  const { t, locale } = useT();
  return (line: ChatLine) => {
    if (line.kind === 'text' || line.kind === 'system') return line.content;
    if (line.kind === 'gift')
      return t('moderation.gift', {
        name: locale === 'en' && line.gift_name_en ? line.gift_name_en : line.gift_name,
        count: line.gift_count,
      });
    if (line.kind === 'tip') return t('moderation.tip', { amount: (line.amount / 100).toFixed(2) });
    return t('moderation.redpack');
  };
}

/** How often, at most, the list scrolls to follow new lines (a scroll per frame would lay the list out twice). */
const FOLLOW_MS = 200;

export function ChatLines({
  chat,
  onDelete,
  onMute,
  listRef,
}: {
  chat: LiveChat;
  onDelete(line: ChatLine): void;
  onMute(line: ChatLine, muted: boolean): void;
  listRef: React.RefObject<HTMLDivElement | null>;
}) {
  const { t } = useT();
  // Arriving lines render as a transition, in slices the browser interleaves with its frames (a synchronous render of
  // each batch held frames back at 500 lines/s); a change the moderator made shows at once.
  const lines = useSubscription(chat.subscribe, chat.getLines);
  const muted = useSubscription(chat.subscribe, chat.getMuted);
  const atEnd = useRef(true);
  // The rows keep one set of callbacks, so a row whose line did not change skips its render when lines arrive.
  const latest = useRef({ onDelete, onMute });
  useLayoutEffect(() => {
    latest.current = { onDelete, onMute };
  });
  const actions = useRef<RowActions>({
    delete: (line) => latest.current.onDelete(line),
    mute: (line, mute) => latest.current.onMute(line, mute),
  }).current;
  // eslint-disable-next-line react-hooks/incompatible-library -- the console is not built with the React Compiler
  const virtualizer = useVirtualizer({
    count: lines.length,
    getScrollElement: () => listRef.current,
    estimateSize: () => ESTIMATED_ROW_PX,
    measureElement: rowHeight,
    overscan: 6,
    getItemKey: (index) => lines[index].id,
    // React batches the virtualizer's updates with the rest; a synchronous render per scroll event costs frames.
    useFlushSync: false,
  });

  // New lines: follow them while the moderator is at the end (one pending follow at a time, so a steady stream still
  // scrolls); reading further up, the list stays put.
  const count = useRef(0);
  count.current = lines.length;
  const follow = useRef<ReturnType<typeof setTimeout> | null>(null);
  const first = useRef(true);
  useLayoutEffect(() => {
    if (!lines.length || !atEnd.current) return;
    if (first.current) {
      first.current = false;
      virtualizer.scrollToIndex(lines.length - 1, { align: 'end' });
      return;
    }
    follow.current ??= setTimeout(() => {
      follow.current = null;
      if (atEnd.current && count.current) virtualizer.scrollToIndex(count.current - 1, { align: 'end' });
    }, FOLLOW_MS);
  }, [lines, virtualizer]);
  useLayoutEffect(
    () => () => {
      if (follow.current) clearTimeout(follow.current);
    },
    [],
  );

  return (
    <div
      ref={listRef}
      className={own.scroller}
      role="log"
      aria-label={t('moderation.lines')}
      tabIndex={0}
      onScroll={(event) => {
        const list = event.currentTarget;
        atEnd.current = list.scrollHeight - list.scrollTop - list.clientHeight < 64;
      }}
    >
      {lines.length === 0 && <p className={`${styles.muted} ${own.small}`}>{t('moderation.noLines')}</p>}
      <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
        {virtualizer.getVirtualItems().map((item) => {
          const line = lines[item.index];
          return (
            <LineRow
              key={item.key}
              index={item.index}
              start={item.start}
              line={line}
              muted={muted.has(line.user_id)}
              measure={virtualizer.measureElement}
              actions={actions}
            />
          );
        })}
      </div>
    </div>
  );
}

interface RowActions {
  delete(line: ChatLine): void;
  mute(line: ChatLine, muted: boolean): void;
}

const LineRow = memo(function LineRow({
  index,
  start,
  line,
  muted,
  measure,
  actions,
}: {
  index: number;
  start: number;
  line: ChatLine;
  muted: boolean;
  measure(element: HTMLElement | null): void;
  actions: RowActions;
}) {
  const { t, locale } = useT();
  const lineText = useLineText();
  const status = statusKey[line.status];
  const gone = line.status === 'deleted' || line.status === 'rejected';
  return (
    <div
      data-index={index}
      ref={measure}
      className={own.line}
      style={{ transform: `translateY(${start}px)` }}
    >
      <time
        className={`${styles.muted} ${own.small} ${own.lineTime}`}
        dateTime={new Date(line.created_at).toISOString()}
      >
        {formatClock(line.created_at, locale)}
      </time>
      <span className={own.lineText}>
        {status && <span className={own.status}>{t(status)}</span>}
        <span className={own.sender}>{line.nickname || t('moderation.system')}</span>
        <span className={gone ? own.removed : undefined}>{lineText(line)}</span>
      </span>
      {line.status !== 'deleted' && (
        <button type="button" className={styles.button.secondary} onClick={() => actions.delete(line)}>
          {t('moderation.delete')}
        </button>
      )}
      {line.user_id > 0 && (
        <button type="button" className={styles.button.secondary} onClick={() => actions.mute(line, !muted)}>
          {t(muted ? 'moderation.unmute' : 'moderation.mute')}
        </button>
      )}
    </div>
  );
});
