import { lazy, useEffect } from 'react';
import { launchStore } from '../../lib/launch';
import { getSocket } from '../../lib/socket';
import { useStore } from '../../lib/store';
import { ChatRoom } from '../../features/chat/ChatRoom';
import type { ChatAddOns } from '../../features/chat/types';
import RedPacketCard from '../../features/red-packet/RedPacketCard';
import { receivePresence } from '../../features/video/audience';
import { useVideo } from '../../features/video/store';

/** Gifts and red packets build on the chat room; the block brings them together. The pop-ups load when opened. */
const addOns: ChatAddOns = {
  GiftPopup: lazy(() => import('../../features/gift/GiftPopup')),
  SendRedPacketPopup: lazy(() => import('../../features/red-packet/SendRedPacketPopup')),
  RedPacketCard,
};

/** The event's chat room (registered lazily: socket.io-client and the windowed list load only with it). */
export function ChatRoomBlock() {
  const token = useStore(launchStore, (state) => state.videoToken);
  // A gated event's room opens once the viewer passes its gates (password, form, payment): the room is opened again.
  const canWatch = useVideo((state) => state.info?.can_watch ?? false);
  // The room's audience rides on its socket (server/realtime.ts `presence`): the figures of the live room follow it.
  useEffect(() => {
    const socket = getSocket();
    socket.on('presence', receivePresence);
    return () => {
      socket.off('presence', receivePresence);
    };
  }, []);
  if (!token) return null;
  return <ChatRoom key={`${token}:${canWatch}`} token={token} addOns={addOns} />;
}
