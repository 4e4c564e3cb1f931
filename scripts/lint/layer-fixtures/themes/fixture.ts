// @ts-nocheck -- a layer fixture: scripts/lint-layers.test.ts lints it at its place in src/, where its imports resolve.
import { colorTokens } from './tokens';
import type { BlockConfig } from '../blocks/types'; // fails: src/ui, src/engine and src/themes
