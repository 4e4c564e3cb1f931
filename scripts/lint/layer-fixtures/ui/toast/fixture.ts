// @ts-nocheck -- a layer fixture: scripts/lint-layers.test.ts lints it at its place in src/, where its imports resolve.
import { toast } from './toast';
import { api } from '../../lib/api';
export { payFor } from '../../features/payment'; // fails: src/ui, src/engine and src/themes
const app = () => import('../../app/App'); // fails: src/ui, src/engine and src/themes
