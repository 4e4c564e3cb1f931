import { useCallback } from 'react';
import { useTranslation } from '../../lib/i18n';
import { BlockList } from '../../blocks/BlockList';
import { useRouteConfig } from '../../engine/route-context';
import { loadVideoDetail } from '../../features/video/api';
import { useVideo } from '../../features/video/store';
import { EmptyState } from '../../ui/empty-state/EmptyState';
import { PullToRefresh } from '../../ui/pull-to-refresh/PullToRefresh';
import { Spinner } from '../../ui/spinner/Spinner';
import * as styles from '../../ui/page/page.css';

/** The live room: the blocks config declares, with pull-down refresh when config enables it. */
export default function HomePage() {
  const route = useRouteConfig();
  const { t } = useTranslation();
  const hasInfo = useVideo((state) => state.info !== null);
  const settled = useVideo((state) => state.settled);
  const refresh = useCallback(() => loadVideoDetail(), []);

  // No event: a visible refresh button, the one way to try again (no pull-down around it).
  if (!hasInfo && settled)
    return (
      <main className={styles.page}>
        <EmptyState
          title={t('video.noEvent')}
          message={t('video.noEventHint')}
          actionLabel={t('ui.refresh')}
          onAction={() => void refresh()}
        />
      </main>
    );
  const content = hasInfo ? <BlockList blocks={route.blocks} /> : <Spinner label={t('ui.loading')} />;
  return (
    <main className={styles.page}>
      {route.pullDownRefresh ? <PullToRefresh onRefresh={refresh}>{content}</PullToRefresh> : content}
    </main>
  );
}
