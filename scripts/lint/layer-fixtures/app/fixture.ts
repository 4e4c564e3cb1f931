// @ts-nocheck -- a layer fixture: scripts/lint-layers.test.ts lints it at its place in src/, where its imports resolve.
import { App } from './App';
import { BlockList } from '../blocks/BlockList';
const page = () => import('../pages/channel/ChannelPage');
import zhCN from '../features/shop/locales/zh-CN.json'; // fails: Import a feature's top-level module
const route = (name: string) => import(`../pages/${name}/index`); // fails: import() takes a literal path
