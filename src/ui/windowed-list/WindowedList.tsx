import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from '../../lib/i18n';
import type { PagedList } from '../../lib/paged';
import { button } from '../button/button.css';
import * as styles from './WindowedList.css';

/** Rows rendered beyond the screen each way: enough for a fling without blank rows, few enough to stay cheap. */
const OVERSCAN_ROWS = 4;
/** A list this short renders whole: windowing pays off only for long lists, and a whole list prints and saves whole. */
const RENDER_ALL_ROWS = 30;
/**
 * The first page's 'Loading' shows only when that page takes longer than this (as the loading overlay's spinner), so
 * on a quick load it never moves while what stands above the list settles (a contest's team and group filters).
 */
const FIRST_PAGE_STATUS_DELAY_MS = 300;

/**
 * A paged list windowed over the page's own scroll (@tanstack/react-virtual): only the rows near the screen exist in
 * the DOM, so 20,000 players scroll like 20. Rows hold `columns` items; the next page loads when the last loaded row
 * comes near the screen.
 */
export function WindowedList<T>({
  list,
  label,
  columns = 1,
  estimateRowPx,
  rowClassName,
  itemKey,
  renderItem,
  emptyText,
  endText,
}: {
  list: PagedList<T>;
  label: string;
  columns?: number;
  /** A first guess of a row's height in px; rows are measured once rendered, so it only needs to be near. */
  estimateRowPx: number;
  rowClassName?: string;
  itemKey(item: T): string | number;
  renderItem(item: T): ReactNode;
  emptyText: string;
  /** Under a fully loaded list; by default 'All N loaded'. */
  endText?: string;
}) {
  const { t } = useTranslation();
  const listRef = useRef<HTMLDivElement>(null);
  const [scrollMargin, setScrollMargin] = useState(0);
  const empty = list.items.length === 0;
  // The list's distance from the page top; content above it (filters, contest head) settles by the first page.
  useLayoutEffect(() => {
    setScrollMargin(listRef.current?.offsetTop ?? 0);
  }, [empty]);

  const rowCount = Math.ceil(list.items.length / columns);
  // Rows of one list are alike: once one is measured, rows of later pages start at its height, so the list does not
  // change length (and re-lay out) as each new row is measured during a fling.
  const measuredRow = useRef<number | null>(null);
  const virtualizer = useWindowVirtualizer({
    count: rowCount,
    estimateSize: () => measuredRow.current ?? estimateRowPx,
    overscan: rowCount <= RENDER_ALL_ROWS ? rowCount : OVERSCAN_ROWS,
    scrollMargin,
    // A synchronous React render inside every scroll event costs frames on slow phones; the next frame is soon enough.
    useFlushSync: false,
  });
  const rows = virtualizer.getVirtualItems();
  const lastRow = rows.length > 0 ? rows[rows.length - 1].index : -1;

  const { hasMore, loading, failed, loadMore } = list;
  const firstPage = empty && loading;
  const [slowFirstPage, setSlowFirstPage] = useState(false);
  useEffect(() => {
    if (!firstPage) return;
    const timer = setTimeout(() => setSlowFirstPage(true), FIRST_PAGE_STATUS_DELAY_MS);
    return () => {
      clearTimeout(timer);
      setSlowFirstPage(false);
    };
  }, [firstPage]);
  useEffect(() => {
    if (hasMore && !loading && !failed && lastRow >= rowCount - OVERSCAN_ROWS) loadMore();
  }, [lastRow, rowCount, hasMore, loading, failed, loadMore]);

  let status: ReactNode = '';
  if (failed)
    status = (
      <button type="button" className={button({ tone: 'secondary' })} onClick={loadMore}>
        {t('ui.retry')}
      </button>
    );
  else if (loading) status = firstPage && !slowFirstPage ? '' : t('ui.loading');
  else if (list.items.length === 0) status = emptyText;
  else if (!hasMore) status = endText ?? t('ui.allLoaded', { count: list.total });

  return (
    <>
      <div
        ref={listRef}
        role="list"
        aria-label={label}
        aria-busy={loading}
        className={styles.windowed}
        style={{ height: virtualizer.getTotalSize() }}
      >
        {rows.map((row) => (
          <div
            key={row.key}
            data-index={row.index}
            ref={(element) => {
              if (!element) return;
              measuredRow.current ??= element.getBoundingClientRect().height;
              virtualizer.measureElement(element);
            }}
            className={rowClassName ? `${styles.windowedRow} ${rowClassName}` : styles.windowedRow}
            style={{ transform: `translateY(${row.start - virtualizer.options.scrollMargin}px)` }}
          >
            {list.items.slice(row.index * columns, row.index * columns + columns).map((item) => (
              <div role="listitem" key={itemKey(item)}>
                {renderItem(item)}
              </div>
            ))}
          </div>
        ))}
      </div>
      {/* A new paragraph once the first page is in: the first page's rows push it down, and a paragraph that moved
          while it said 'Loading' would be a layout shift. */}
      <p key={empty ? 'first' : 'more'} className={styles.listStatus} aria-live="polite">
        {status}
      </p>
    </>
  );
}
