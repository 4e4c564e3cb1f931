import { defineBlock } from '../types';

export default defineBlock({
  type: 'chat-room',
  group: 'first-load',
  load: () => import('./ChatRoomBlock').then((module) => module.ChatRoomBlock),
});
