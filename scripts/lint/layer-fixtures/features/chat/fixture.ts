// @ts-nocheck -- a layer fixture: scripts/lint-layers.test.ts lints it at its place in src/, where its imports resolve.
import { mergeMessages } from './merge';
import zhCN from './locales/zh-CN.json';
import { payFor } from '../payment';
const popup = () => import('../gift/GiftPopup'); // fails: features/chat imports another feature only through
import RedPacketCard from '../red-packet/RedPacketCard'; // fails: features/chat imports another feature only
export { validateRedPacket } from '../red-packet/validate'; // fails: features/chat imports another feature only
