// @ts-nocheck -- a layer fixture: scripts/lint-layers.test.ts lints it at its place in src/, where its imports resolve.
import { VoteContest } from './VoteContest';
import { BlockList } from '../BlockList';
import { ContestHome } from '../../features/vote/ContestHome';
import { tipCents } from '../../features/gift/GiftPopup';
import zhCN from '../../features/account/locales/zh-CN.json'; // fails: Import a feature's top-level module
import ChannelPage from '../../pages/channel/ChannelPage'; // fails: A block may not import pages or app
const app = () => import('../../app/App'); // fails: A block may not import pages or app

export const Fixture = () => <ContestHome contest={undefined} />;
