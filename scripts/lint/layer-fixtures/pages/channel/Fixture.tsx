// @ts-nocheck -- a layer fixture: scripts/lint-layers.test.ts lints it at its place in src/, where its imports resolve.
import ChannelPage from './ChannelPage';
import { BlockList } from '../../blocks/BlockList';
import { ContestHome } from '../../features/vote/ContestHome';
import en from '../../features/vote/locales/en.json'; // fails: Import a feature's top-level module
import { App } from '../../app/App'; // fails: A page may not import app

export const Fixture = () => <BlockList blocks={[]} />;
