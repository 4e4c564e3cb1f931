import { launchStore } from '../../lib/launch';
import { useStore } from '../../lib/store';
import { ChatRoom } from '../../features/chat/ChatRoom';
import { useVideo } from '../../features/video/store';

/** The event's chat room (registered lazily: socket.io-client and the windowed list load only with it). */
export function ChatRoomBlock() {
  const token = useStore(launchStore, (state) => state.videoToken);
  // A gated event's room opens once the viewer passes its gates (password, form, payment): the room is opened again.
  const canWatch = useVideo((state) => state.info?.can_watch ?? false);
  if (!token) return null;
  return <ChatRoom key={`${token}:${canWatch}`} token={token} />;
}
