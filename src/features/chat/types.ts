import type { ComponentType } from 'react';
import type { components } from '../../../schemas/api/types.gen';

/** A chat line as the server sends it (history and live batches alike). */
export type ChatMessage = components['schemas']['ChatMessage'];

/** What a paid pop-up of the chat room (gift, red packet) is given: the event, its payment key, a way to close. */
export interface ChatPopupProps {
  token: string;
  paymentKey: string;
  onClose(): void;
}

/**
 * The chat room's add-ons, given to the room by the block that composes them (blocks/chat-room): gift and red packet
 * build on chat (its message, its payment hook), so chat never imports them.
 */
export interface ChatAddOns {
  GiftPopup: ComponentType<ChatPopupProps>;
  SendRedPacketPopup: ComponentType<ChatPopupProps>;
  RedPacketCard: ComponentType<{ message: ChatMessage; senderName: string }>;
}

/** The room's moderation as viewers see it: muted for everyone, pre-review, the pinned announcement. */
export type ChatRoomState = components['schemas']['ChatRoomState'];
