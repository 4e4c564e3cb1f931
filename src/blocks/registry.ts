/**
 * Block registry: config `blocks[].type` -> component. Each type's props schema is schemas/blocks/<type>.schema.json
 * (a test keeps the two lists equal). Adding a block = one folder here, one line below, one schema file.
 * Blocks below the fold or with heavy code register lazily: `chat: lazyBlock(() => import('./chat/Chat'), (m) => m.Chat)`.
 */
import { lazyBlock, type BlockComponent } from './types';
import { Announcement } from './announcement/Announcement';
import { Footer } from './footer/Footer';
import { HomeVideo } from './home-video/HomeVideo';
import { Intro } from './intro/Intro';
import { VideoHeader } from './video-header/VideoHeader';
import { liveRoom } from './live-room-loader';

const channel = () => import('./channel-blocks');
// The other pages' blocks load in two steps: the area's table of loaders (a small chunk), then the block. The first
// load then carries one import per area, not the preload list of every block's files.
const account = () => import('./areas/account');
const vote = () => import('./areas/vote');
const shop = () => import('./areas/shop');
const engage = () => import('./areas/engage');

export const blockRegistry: Record<string, BlockComponent> = {
  'home-video': HomeVideo,
  'video-header': VideoHeader,
  announcement: Announcement,
  intro: Intro,
  footer: Footer,
  'account-login': lazyBlock(
    () => account().then((area) => area.accountLogin()),
    (m) => m.AccountLogin,
  ),
  'account-user': lazyBlock(
    () => account().then((area) => area.accountUser()),
    (m) => m.AccountUser,
  ),
  'account-phone': lazyBlock(
    () => account().then((area) => area.accountPhone()),
    (m) => m.AccountPhone,
  ),
  'account-information': lazyBlock(
    () => account().then((area) => area.accountInformation()),
    (m) => m.AccountInformation,
  ),
  'account-favourites': lazyBlock(
    () => account().then((area) => area.accountFavourites()),
    (m) => m.AccountFavourites,
  ),
  'account-complaint': lazyBlock(
    () => account().then((area) => area.accountComplaint()),
    (m) => m.AccountComplaint,
  ),
  'account-vip': lazyBlock(
    () => account().then((area) => area.accountVip()),
    (m) => m.AccountVip,
  ),
  'account-jump-mp': lazyBlock(
    () => account().then((area) => area.accountJumpMp()),
    (m) => m.AccountJumpMp,
  ),
  'account-scan': lazyBlock(
    () => account().then((area) => area.accountScan()),
    (m) => m.AccountScan,
  ),
  'account-diagnostics': lazyBlock(
    () => account().then((area) => area.accountDiagnostics()),
    (m) => m.AccountDiagnostics,
  ),
  'channel-header': lazyBlock(channel, (m) => m.ChannelHeader),
  'channel-live': lazyBlock(channel, (m) => m.ChannelLive),
  'channel-search': lazyBlock(channel, (m) => m.ChannelSearch),
  'channel-videos': lazyBlock(channel, (m) => m.ChannelVideos),
  'channel-intro': lazyBlock(channel, (m) => m.ChannelIntro),
  'channel-official': lazyBlock(channel, (m) => m.ChannelOfficial),
  'channel-rank': lazyBlock(channel, (m) => m.ChannelRank),
  'channel-room-bar': lazyBlock(channel, (m) => m.ChannelRoomBar),
  'vote-contest': lazyBlock(
    () => vote().then((area) => area.voteContest()),
    (m) => m.VoteContest,
  ),
  'vote-players': lazyBlock(
    () => vote().then((area) => area.votePlayers()),
    (m) => m.VotePlayers,
  ),
  'vote-player': lazyBlock(
    () => vote().then((area) => area.votePlayer()),
    (m) => m.VotePlayer,
  ),
  'vote-rank': lazyBlock(
    () => vote().then((area) => area.voteRank()),
    (m) => m.VoteRank,
  ),
  'vote-scores': lazyBlock(
    () => vote().then((area) => area.voteScores()),
    (m) => m.VoteScores,
  ),
  'vote-sign-up': lazyBlock(
    () => vote().then((area) => area.voteSignUp()),
    (m) => m.VoteSignUp,
  ),
  'vote-today-star': lazyBlock(
    () => vote().then((area) => area.voteTodayStar()),
    (m) => m.VoteTodayStar,
  ),
  'vote-invites': lazyBlock(
    () => vote().then((area) => area.voteInvites()),
    (m) => m.VoteInvites,
  ),
  'chat-room': lazyBlock(
    () => import('./chat-room/ChatRoomBlock'),
    (m) => m.ChatRoomBlock,
  ),
  welcome: lazyBlock(liveRoom, (m) => m.Welcome),
  episodes: lazyBlock(liveRoom, (m) => m.Episodes),
  invite: lazyBlock(liveRoom, (m) => m.Invite),
  'vote-totals': lazyBlock(liveRoom, (m) => m.VoteTotals),
  'related-videos': lazyBlock(liveRoom, (m) => m.RelatedVideos),
  'more-new': lazyBlock(liveRoom, (m) => m.MoreNew),
  'image-text': lazyBlock(liveRoom, (m) => m.ImageText),
  'shop-products': lazyBlock(
    () => shop().then((area) => area.shopProducts()),
    (m) => m.ShopProducts,
  ),
  'shop-product': lazyBlock(
    () => shop().then((area) => area.shopProduct()),
    (m) => m.ShopProduct,
  ),
  'shop-checkout': lazyBlock(
    () => shop().then((area) => area.shopCheckout()),
    (m) => m.ShopCheckout,
  ),
  'shop-addresses': lazyBlock(
    () => shop().then((area) => area.shopAddresses()),
    (m) => m.ShopAddresses,
  ),
  'shop-address-editor': lazyBlock(
    () => shop().then((area) => area.shopAddressEditor()),
    (m) => m.ShopAddressEditor,
  ),
  'shop-orders': lazyBlock(
    () => shop().then((area) => area.shopOrders()),
    (m) => m.ShopOrders,
  ),
  'shop-order': lazyBlock(
    () => shop().then((area) => area.shopOrder()),
    (m) => m.ShopOrder,
  ),
  'shop-downloads': lazyBlock(
    () => shop().then((area) => area.shopDownloads()),
    (m) => m.ShopDownloads,
  ),
  lottery: lazyBlock(
    () => engage().then((area) => area.lottery()),
    (m) => m.Lottery,
  ),
  'lottery-winners': lazyBlock(
    () => engage().then((area) => area.lotteryWinners()),
    (m) => m.LotteryWinners,
  ),
  'lottery-prizes': lazyBlock(
    () => engage().then((area) => area.lotteryPrizes()),
    (m) => m.LotteryPrizes,
  ),
  'daily-bonus': lazyBlock(
    () => engage().then((area) => area.dailyBonus()),
    (m) => m.DailyBonus,
  ),
  'check-in': lazyBlock(
    () => engage().then((area) => area.checkIn()),
    (m) => m.CheckIn,
  ),
  'check-in-mine': lazyBlock(
    () => engage().then((area) => area.checkInMine()),
    (m) => m.CheckInMine,
  ),
  'check-in-staff': lazyBlock(
    () => engage().then((area) => area.checkInStaff()),
    (m) => m.CheckInStaff,
  ),
  'score-query': lazyBlock(
    () => engage().then((area) => area.scoreQuery()),
    (m) => m.ScoreQuery,
  ),
};
