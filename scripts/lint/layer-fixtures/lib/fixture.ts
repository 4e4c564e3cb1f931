// @ts-nocheck -- a layer fixture: scripts/lint-layers.test.ts lints it at its place in src/, where its imports resolve.
import { api } from './api';
import { appConfig } from '../engine/config';
import { toast } from '../ui/toast/toast'; // fails: src/lib holds non-UI helpers
import { payFor } from '../features/payment'; // fails: src/lib holds non-UI helpers
export { fetchProducts } from '../features/shop/api'; // fails: src/lib holds non-UI helpers
const list = () => import('../blocks/BlockList'); // fails: src/lib holds non-UI helpers
