import '../../features/channel/messages';
import { useCallback, useEffect } from 'react';
import { BlockList } from '../../blocks/BlockList';
import { useRouteConfig } from '../../engine/route-context';
import { useTranslation } from '../../lib/i18n';
import { launchStore } from '../../lib/launch';
import { useStore } from '../../lib/store';
import { EmptyState } from '../../ui/empty-state/EmptyState';
import { PullToRefresh } from '../../ui/pull-to-refresh/PullToRefresh';
import { Spinner } from '../../ui/spinner/Spinner';
import { useFirstScreenShown } from '../../lib/first-screen';
import { page } from '../../ui/page/page.css';
import { loadVideoDetail } from '../../features/video/api';
import { useVideo } from '../../features/video/store';
import { useChannel } from '../../features/channel/store';
import { useChannelPage } from '../../features/channel/use-channel-token';

/**
 * The channel live room: the chosen event (`token`) or, without one, the channel's current live event, shown with
 * the live-room blocks config lists (the channel-room-bar block leads back to the channel and its other lives).
 */
export default function ChannelRoomPage() {
  const route = useRouteConfig();
  const { t } = useTranslation();
  useChannelPage();
  const live = useChannel((state) => state.channelInfo?.live?.token ?? '');
  const channelSettled = useChannel((state) => state.settled);
  const videoToken = useStore(launchStore, (state) => state.videoToken);
  const hasVideo = useVideo((state) => state.info !== null);
  const videoSettled = useVideo((state) => state.settled);
  const refresh = useCallback(() => loadVideoDetail(), []);

  useEffect(() => {
    if (videoToken || !live) return;
    launchStore.update((draft) => {
      draft.videoToken = live;
    });
    void loadVideoDetail({ quiet: true });
  }, [videoToken, live]);

  const nothing = !hasVideo && (videoToken ? videoSettled : channelSettled && !live);
  useFirstScreenShown(nothing);
  let content;
  if (hasVideo) content = <BlockList blocks={route.blocks} />;
  else if (nothing) content = <EmptyState title={t('channel.noLive')} message={t('channel.noChannelHint')} />;
  else content = <Spinner label={t('channel.loading')} />;
  return (
    <main className={page}>
      {route.pullDownRefresh ? <PullToRefresh onRefresh={refresh}>{content}</PullToRefresh> : content}
    </main>
  );
}
