// @ts-nocheck -- a layer fixture: scripts/lint-layers.test.ts lints it at its place in src/, where its imports resolve.
import { appConfig } from '../../engine/config';
import type { BlockConfig } from '../../blocks/types';
const app = () => import('../../app/App'); // fails: A page may not import app
import zhCN from '../../features/chat/locales/zh-CN.json'; // fails: Import a feature's top-level module
