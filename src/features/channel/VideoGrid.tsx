import './messages';
import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from '../../lib/i18n';
import type { PagedList } from '../../lib/paged';
import type { ChannelVideo } from './store';
import { VideoTile } from './VideoTile';
import * as styles from './VideoGrid.css';

const COLUMNS = 2;
const OVERSCAN_ROWS = 3;
/** A list this short renders whole: windowing pays off only for long lists (and a whole list screenshots whole). */
const RENDER_ALL_ROWS = 30;
const ESTIMATE_ROW_PX = 190;

/**
 * The channel's videos, two to a row, windowed over the page's own scroll (@tanstack/react-virtual): only the rows
 * near the screen are in the DOM however many pages were loaded. The next page loads as the last row comes near, and
 * a load-more button stays for keyboards and screen readers.
 */
export function VideoGrid({
  list,
  label,
  keyword,
}: {
  list: PagedList<ChannelVideo>;
  label: string;
  keyword?: string;
}) {
  const { t } = useTranslation();
  const listRef = useRef<HTMLDivElement>(null);
  const [scrollMargin, setScrollMargin] = useState(0);
  const empty = list.items.length === 0;
  useLayoutEffect(() => {
    setScrollMargin(listRef.current?.offsetTop ?? 0);
  }, [empty]);

  const rowCount = Math.ceil(list.items.length / COLUMNS);
  const measured = useRef<number | null>(null);
  const virtualizer = useWindowVirtualizer({
    count: rowCount,
    estimateSize: () => measured.current ?? ESTIMATE_ROW_PX,
    overscan: rowCount <= RENDER_ALL_ROWS ? rowCount : OVERSCAN_ROWS,
    scrollMargin,
    useFlushSync: false,
  });
  const rows = virtualizer.getVirtualItems();
  // The last row on screen (not the last rendered: a short list renders whole, and must not load every page at once).
  const lastRow = virtualizer.range?.endIndex ?? -1;
  const { hasMore, loading, failed, loadMore } = list;
  useEffect(() => {
    if (hasMore && !loading && !failed && rowCount > 0 && lastRow >= rowCount - OVERSCAN_ROWS) loadMore();
  }, [lastRow, rowCount, hasMore, loading, failed, loadMore]);

  let status;
  if (failed)
    status = (
      <button type="button" className={styles.ghostButton} onClick={loadMore}>
        {t('channel.retry')}
      </button>
    );
  else if (loading) status = t('channel.loading');
  else if (empty) status = t('channel.empty');
  else if (hasMore)
    status = (
      <button type="button" className={styles.ghostButton} onClick={loadMore}>
        {t('channel.loadMore')}
      </button>
    );
  else status = t('channel.end', { count: list.total });

  return (
    <>
      <div
        ref={listRef}
        role="list"
        aria-label={label}
        aria-busy={loading}
        className={styles.grid}
        style={{ height: virtualizer.getTotalSize() }}
      >
        {rows.map((row) => (
          <div
            key={row.key}
            data-index={row.index}
            ref={(element) => {
              if (!element) return;
              measured.current ??= element.getBoundingClientRect().height;
              virtualizer.measureElement(element);
            }}
            className={styles.gridRow}
            style={{ transform: `translateY(${row.start - virtualizer.options.scrollMargin}px)` }}
          >
            {list.items.slice(row.index * COLUMNS, row.index * COLUMNS + COLUMNS).map((video) => (
              <div role="listitem" key={video.token}>
                <VideoTile video={video} keyword={keyword} />
              </div>
            ))}
          </div>
        ))}
      </div>
      <div className={styles.listStatus} aria-live="polite">
        {status}
      </div>
    </>
  );
}
