import type { components } from '../../../schemas/api/types.gen';
import { api } from '../../lib/api';
import { createStore } from '../../lib/store';

export type RedPacket = components['schemas']['RedPacket'];

/** The last known state of each red packet shown in the chat, by id. */
export const redPacketStore = createStore<Record<number, RedPacket>>({});

const remember = (packet: RedPacket) =>
  redPacketStore.update((draft) => {
    draft[packet.id] = packet;
  });

/** The packet's state now (also refreshes the store the card and its details read). */
export async function checkRedPacket(id: number): Promise<RedPacket> {
  const packet = await api.get('/v3/api/wechat/redpack/check', { id }, { quiet: true });
  remember(packet);
  return packet;
}

/** Grabs a share when the packet is open and the viewer has none yet; answers the packet's state afterwards. */
export async function openRedPacket(id: number): Promise<RedPacket> {
  const packet = await checkRedPacket(id);
  if (packet.status !== 'open' || packet.mine > 0) return packet;
  await api.get('/v3/api/wechat/redpack/get', { id }, { login: true });
  return checkRedPacket(id);
}
