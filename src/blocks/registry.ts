/**
 * Block registry: config `blocks[].type` -> component. Each type's props schema is schemas/blocks/<type>.schema.json
 * (a test keeps the two lists equal). Adding a block = one folder here, one line below, one schema file.
 * Blocks below the fold or with heavy code register lazily: `chat: lazyBlock(() => import('./chat/Chat'), (m) => m.Chat)`.
 */
import type { BlockComponent } from './types';
import { Announcement } from './announcement/Announcement';
import { ComingSoon } from './coming-soon/ComingSoon';
import { Footer } from './footer/Footer';
import { HomeVideo } from './home-video/HomeVideo';
import { Intro } from './intro/Intro';
import { VideoHeader } from './video-header/VideoHeader';

export const blockRegistry: Record<string, BlockComponent> = {
  'home-video': HomeVideo,
  'video-header': VideoHeader,
  announcement: Announcement,
  intro: Intro,
  footer: Footer,
  'coming-soon': ComingSoon,
};
