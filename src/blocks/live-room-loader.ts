/**
 * The one import of the live-room chunk (src/blocks/live-room.ts): the live-room group's blocks (src/blocks/groups.ts),
 * the player's episode helper and the video header's actions share it, so the first load carries its preload list once.
 */
export const liveRoom = () => import('./live-room');
