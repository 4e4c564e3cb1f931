// @ts-nocheck -- a layer fixture: scripts/lint-layers.test.ts lints it at its place in src/, where its imports resolve.
import { App } from './App';
import ChannelPage from '../pages/channel/ChannelPage';
import { ChatRoom } from '../features/chat/ChatRoom';
import en from '../features/gift/locales/en.json'; // fails: Import a feature's top-level module

export const Fixture = () => <ChannelPage />;
