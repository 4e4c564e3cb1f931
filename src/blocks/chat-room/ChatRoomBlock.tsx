import { launchStore } from '../../lib/launch';
import { useStore } from '../../lib/store';
import { ChatRoom } from '../../features/chat/ChatRoom';

/** The event's chat room (registered lazily: socket.io-client and the windowed list load only with it). */
export function ChatRoomBlock() {
  const token = useStore(launchStore, (state) => state.videoToken);
  if (!token) return null;
  return <ChatRoom key={token} token={token} />;
}
