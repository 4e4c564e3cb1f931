import { useCallback } from 'react';
import { useTranslation } from '../../lib/i18n';
import { BlockList } from '../../blocks/BlockList';
import { useRouteConfig } from '../../engine/route-context';
import { loadVideoDetail } from '../../features/video/api';
import { useVideo } from '../../features/video/store';
import { EmptyState } from '../../ui/empty-state/EmptyState';
import { PullToRefresh } from '../../ui/pull-to-refresh/PullToRefresh';
import { useFirstScreenShown } from '../../lib/first-screen';
import * as styles from '../../ui/page/page.css';

/** The live room: the blocks config declares, with pull-down refresh when config enables it. */
export default function HomePage() {
  const route = useRouteConfig();
  const { t } = useTranslation();
  const hasInfo = useVideo((state) => state.info !== null);
  const settled = useVideo((state) => state.settled);
  const refresh = useCallback(() => loadVideoDetail(), []);

  // No event: a visible refresh button, the one way to try again (no pull-down around it).
  const noEvent = !hasInfo && settled;
  // The empty state replaces the start-up's first screen at once (the blocks do, once they show the event).
  useFirstScreenShown(noEvent);
  if (noEvent)
    return (
      <main className={styles.page}>
        <EmptyState
          heading="h1"
          title={t('video.noEvent')}
          message={t('video.noEventHint')}
          actionLabel={t('ui.refresh')}
          onAction={() => void refresh()}
        />
      </main>
    );
  // Until the event arrives, its first blocks show their before-data boxes (the start-up's first screen is the same).
  const content = <BlockList blocks={route.blocks} loading={!hasInfo} />;
  return (
    <main className={styles.page}>
      {route.pullDownRefresh ? <PullToRefresh onRefresh={refresh}>{content}</PullToRefresh> : content}
    </main>
  );
}
