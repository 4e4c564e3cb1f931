// @ts-nocheck -- a layer fixture: scripts/lint-layers.test.ts lints it at its place in src/, where its imports resolve.
import type { BlockConfig } from '../types';
import { fetchProducts } from '../../features/shop/api';
import '../../features/vote/messages';
import { App } from '../../app/App'; // fails: A block may not import pages or app
