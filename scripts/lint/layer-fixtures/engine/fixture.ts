// @ts-nocheck -- a layer fixture: scripts/lint-layers.test.ts lints it at its place in src/, where its imports resolve.
import { i18n } from '../lib/i18n';
import { ChatRoom } from '../features/chat/ChatRoom'; // fails: src/ui, src/engine and src/themes
const page = () => import('../pages/channel/ChannelPage'); // fails: src/ui, src/engine and src/themes
