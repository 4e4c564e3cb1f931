/**
 * The live lines, windowed (@tanstack/react-virtual): only the rows in view are in the page, whatever the rate. The
 * list follows the newest line while the moderator is at its end and stays put while they read further up. Each line
 * offers delete; each sender, mute or unmute. Texts are plain React text, never HTML.
 */
import { useVirtualizer } from '@tanstack/react-virtual';
import { useLayoutEffect, useRef } from 'react';
import * as styles from '../app/console.css.ts';
import { useT, type ConsoleKey } from '../app/i18n.ts';
import type { ChatLine } from './live-chat.ts';
import * as own from './moderation.css.ts';

const time = (ms: number, locale: string) =>
  new Intl.DateTimeFormat(locale, { timeZone: 'Asia/Shanghai', timeStyle: 'medium' }).format(new Date(ms));

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

export function ChatLines({
  lines,
  muted,
  onDelete,
  onMute,
  listRef,
}: {
  lines: readonly ChatLine[];
  muted: ReadonlySet<number>;
  onDelete(line: ChatLine): void;
  onMute(line: ChatLine, muted: boolean): void;
  listRef: React.RefObject<HTMLDivElement | null>;
}) {
  const { t, locale } = useT();
  const lineText = useLineText();
  const atEnd = useRef(true);
  // eslint-disable-next-line react-hooks/incompatible-library -- the console is not built with the React Compiler
  const virtualizer = useVirtualizer({
    count: lines.length,
    getScrollElement: () => listRef.current,
    estimateSize: () => 48,
    overscan: 6,
    getItemKey: (index) => lines[index].id,
  });

  useLayoutEffect(() => {
    if (atEnd.current && lines.length) virtualizer.scrollToIndex(lines.length - 1, { align: 'end' });
  }, [lines, virtualizer]);

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
          const status = statusKey[line.status];
          const gone = line.status === 'deleted' || line.status === 'rejected';
          const isMuted = muted.has(line.user_id);
          return (
            <div
              key={item.key}
              data-index={item.index}
              ref={virtualizer.measureElement}
              className={own.line}
              style={{ transform: `translateY(${item.start}px)` }}
            >
              <time
                className={`${styles.muted} ${own.small}`}
                dateTime={new Date(line.created_at).toISOString()}
              >
                {time(line.created_at, locale)}
              </time>
              <span className={own.lineText}>
                {status && <span className={own.status}>{t(status)}</span>}
                <span className={own.sender}>{line.nickname || t('moderation.system')}</span>
                <span className={gone ? own.removed : undefined}>{lineText(line)}</span>
              </span>
              {line.status !== 'deleted' && (
                <button type="button" className={styles.button.secondary} onClick={() => onDelete(line)}>
                  {t('moderation.delete')}
                </button>
              )}
              {line.user_id > 0 && (
                <button
                  type="button"
                  className={styles.button.secondary}
                  onClick={() => onMute(line, !isMuted)}
                >
                  {t(isMuted ? 'moderation.unmute' : 'moderation.mute')}
                </button>
              )}
            </div>
          );
        })}
      </div>
    </div>
  );
}
