// @ts-nocheck -- a layer fixture: scripts/lint-layers.test.ts lints it at its place in src/, where its imports resolve.
import en from './locales/en.json';
import { tipCents } from './GiftPopup';
import type { ChatMessage } from '../chat/types';
import { useChatPayment } from '../chat/use-chat-payment';
import { useVideo } from '../video/store';
import { payFor } from '../payment';
import { i18n } from '../../lib/i18n';
import { toast } from '../../ui/toast/toast';
import { ChatRoom } from '../chat/ChatRoom'; // fails: features/gift imports another feature only through
import { chatStore } from '../chat/room'; // fails: features/gift imports another feature only through
import zhCN from '../chat/locales/zh-CN.json'; // fails: features/gift imports another feature only through
import { ContestHome } from '../../features/vote/ContestHome'; // fails: features/gift imports another feature
import { VoteContest } from '../../blocks/vote-contest/VoteContest'; // fails: A feature may not import blocks
import ChannelPage from '../../pages/channel/ChannelPage'; // fails: A feature may not import blocks, pages or app
const app = () => import('../../app/App'); // fails: A feature may not import blocks, pages or app

export const Fixture = () => <ChatRoom token="x" addOns={undefined} />;
