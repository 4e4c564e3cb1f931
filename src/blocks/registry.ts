/**
 * Block registry: config `blocks[].type` -> component. Each type's props schema is schemas/blocks/<type>.schema.json
 * (a test keeps the two lists equal). Adding a block = one folder here, one line below, one schema file.
 * Blocks below the fold or with heavy code register lazily: `chat: lazyBlock(() => import('./chat/Chat'), (m) => m.Chat)`.
 */
import { lazyBlock, type BlockComponent } from './types';
import { Announcement } from './announcement/Announcement';
import { ComingSoon } from './coming-soon/ComingSoon';
import { Footer } from './footer/Footer';
import { HomeVideo } from './home-video/HomeVideo';
import { Intro } from './intro/Intro';
import { VideoHeader } from './video-header/VideoHeader';

const liveRoom = () => import('./live-room');

export const blockRegistry: Record<string, BlockComponent> = {
  'home-video': HomeVideo,
  'video-header': VideoHeader,
  announcement: Announcement,
  intro: Intro,
  footer: Footer,
  'coming-soon': ComingSoon,
  'vote-contest': lazyBlock(
    () => import('./vote-contest/VoteContest'),
    (m) => m.VoteContest,
  ),
  'vote-players': lazyBlock(
    () => import('./vote-players/VotePlayers'),
    (m) => m.VotePlayers,
  ),
  'vote-player': lazyBlock(
    () => import('./vote-player/VotePlayer'),
    (m) => m.VotePlayer,
  ),
  'vote-rank': lazyBlock(
    () => import('./vote-rank/VoteRank'),
    (m) => m.VoteRank,
  ),
  'vote-scores': lazyBlock(
    () => import('./vote-scores/VoteScores'),
    (m) => m.VoteScores,
  ),
  'vote-sign-up': lazyBlock(
    () => import('./vote-sign-up/VoteSignUp'),
    (m) => m.VoteSignUp,
  ),
  'vote-today-star': lazyBlock(
    () => import('./vote-today-star/VoteTodayStar'),
    (m) => m.VoteTodayStar,
  ),
  'vote-invites': lazyBlock(
    () => import('./vote-invites/VoteInvites'),
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
};
