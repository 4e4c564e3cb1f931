/**
 * How each group of blocks loads (a block names its group in its block.ts; src/blocks/types.ts lists the groups). A
 * group's chunk holds the table of its blocks' declarations, written by `npm run blocks:gen` (groups/<group>.gen.ts):
 * the first load carries one import per group, not one per block with its list of style sheets.
 */
import { liveRoom } from './live-room-loader';
import type { GroupTable, LoadedGroup } from './types';

type Group = {
  load: () => Promise<{ blocks: GroupTable }>;
  /** Blocks below the fold: each shows in its own Suspense boundary, and the page does not wait for them. */
  deferred?: boolean;
};

const channel = () => import('./groups/channel.gen');

export const blockGroups: Record<LoadedGroup, Group> = {
  // Shared with the player's episode helper and the header's actions (live-room.ts): one chunk, one import.
  'live-room': { load: liveRoom },
  // The channel home's first screen: one request brings its blocks together on a slow network.
  channel: { load: channel },
  // Asked for once the first screen's chunk has arrived, so that chunk does not wait for these (DOMPurify among them).
  'channel-later': { load: () => channel().then(() => import('./groups/channel-later.gen')), deferred: true },
  account: { load: () => import('./groups/account.gen') },
  vote: { load: () => import('./groups/vote.gen') },
  shop: { load: () => import('./groups/shop.gen') },
  engage: { load: () => import('./groups/engage.gen') },
};
