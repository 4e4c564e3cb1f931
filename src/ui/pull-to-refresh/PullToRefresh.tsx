import { useRef, useState, type ReactNode } from 'react';
import { useTranslation } from '../../lib/i18n';
import { Spinner } from '../spinner/Spinner';
import * as styles from './PullToRefresh.css';

const THRESHOLD = 64;
const MAX_PULL = 96;

/** Pull distance with resistance: the further the finger goes, the less the content follows. */
export function pullDistance(dy: number): number {
  return dy <= 0 ? 0 : Math.min(MAX_PULL, dy * 0.5);
}

/**
 * Pull down at the top of the page to refresh. Touch and pen only start a pull when the page is scrolled to the top;
 * keyboard and screen-reader users get a visually hidden Refresh button instead.
 */
export function PullToRefresh({ onRefresh, children }: { onRefresh(): Promise<void>; children: ReactNode }) {
  const { t } = useTranslation();
  const start = useRef<number | null>(null);
  const [pull, setPull] = useState(0);
  const [refreshing, setRefreshing] = useState(false);

  const refresh = async () => {
    setRefreshing(true);
    try {
      await onRefresh();
    } finally {
      setRefreshing(false);
      setPull(0);
    }
  };

  return (
    <div
      className={styles.root}
      onTouchStart={(event) => {
        start.current = window.scrollY <= 0 && !refreshing ? event.touches[0].clientY : null;
      }}
      onTouchMove={(event) => {
        if (start.current === null) return;
        setPull(pullDistance(event.touches[0].clientY - start.current));
      }}
      onTouchEnd={() => {
        if (start.current === null) return;
        start.current = null;
        if (pull >= THRESHOLD * 0.75) void refresh();
        else setPull(0);
      }}
    >
      <button type="button" className={styles.hiddenButton} onClick={() => void refresh()}>
        {t('ui.refresh')}
      </button>
      <div
        className={styles.indicator}
        style={{ height: refreshing ? THRESHOLD * 0.75 : pull }}
        aria-hidden={!refreshing}
      >
        {refreshing ? (
          <Spinner label={t('ui.refreshing')} />
        ) : pull > 0 ? (
          <span className={styles.hint}>
            {pull >= THRESHOLD * 0.75 ? t('ui.releaseToRefresh') : t('ui.pullToRefresh')}
          </span>
        ) : null}
      </div>
      {children}
    </div>
  );
}
