import { lazy } from 'react';
import type * as PlayerModule from './Player';

/**
 * The player component loads apart from the first load (the home route's budget has no room for it). On the live
 * room the app requests it at launch, in parallel with the detail request and hls.js, so it is there before the
 * detail arrives; `lazy` then resolves from the same promise.
 */
let playerModule: Promise<typeof PlayerModule> | undefined;

export function loadPlayer(): Promise<typeof PlayerModule> {
  playerModule ??= import('./Player');
  return playerModule;
}

export const LazyPlayer = lazy(() => loadPlayer().then((module) => ({ default: module.Player })));
