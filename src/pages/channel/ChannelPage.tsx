import '../../features/channel/messages';
import { BlockList } from '../../blocks/BlockList';
import { ChannelHeaderLoading } from '../../blocks/channel-header/ChannelHeaderLoading';
import { useRouteConfig } from '../../engine/route-context';
import { useTranslation } from '../../lib/i18n';
import { currentChannelToken } from '../../lib/navigation';
import { usePageTitle } from '../../lib/page-title';
import { EmptyState } from '../../ui/empty-state/EmptyState';
import { PullToRefresh } from '../../ui/pull-to-refresh/PullToRefresh';
import { Spinner } from '../../ui/spinner/Spinner';
import { useFirstScreenShown } from '../../lib/first-screen';
import { page } from '../../ui/page/page.css';
import { loadChannel, refreshChannel } from '../../features/channel/api';
import { useChannel } from '../../features/channel/store';
import { useChannelPage } from '../../features/channel/use-channel-token';

// The channel request starts as soon as this page's code arrives, before React first renders it (not when the page
// is rendered at build time: src/boot/prerender.tsx).
if (typeof window !== 'undefined') void loadChannel(currentChannelToken());

/**
 * The channel home: the channel of `channelToken` and the blocks config arranges around it (header, live now,
 * search, categories, introduction, official account, rankings), with pull-down refresh when config enables it.
 */
export default function ChannelPage() {
  const route = useRouteConfig();
  const { t } = useTranslation();
  useChannelPage();
  const hasChannel = useChannel((state) => state.channelInfo !== null);
  // The channel's name is the page's title, not the route's generic 频道.
  usePageTitle(useChannel((state) => state.channelInfo?.title));
  const settled = useChannel((state) => state.settled);
  useFirstScreenShown(!hasChannel && settled);

  let content;
  if (hasChannel) content = <BlockList blocks={route.blocks} />;
  else if (settled)
    content = <EmptyState title={t('channel.noChannel')} message={t('channel.noChannelHint')} />;
  // Until the channel arrives: its header's boxes where config puts the header first (the start-up's first screen is
  // the same, with the cover and the name from its early answer), a spinner otherwise.
  else if (route.blocks[0]?.type === 'channel-header') content = <ChannelHeaderLoading />;
  else content = <Spinner label={t('channel.loading')} />;
  return (
    <main className={page}>
      {route.pullDownRefresh ? <PullToRefresh onRefresh={refreshChannel}>{content}</PullToRefresh> : content}
    </main>
  );
}
