import { appConfig, isDebugOrigin } from '../engine/config';
import { videoStore } from '../features/video/store';
import { launchStore } from '../lib/launch';

declare global {
  interface Window {
    __livev3Debug?: { version: string; versionCode: number; video(): unknown; launch(): unknown };
  }
}

/** On test and LAN origins only (the origin contains test, amb or 192), expose the stores. */
export function installDebugHelper(origin: string): boolean {
  if (!isDebugOrigin(origin)) return false;
  const { version, versionCode } = appConfig.constants;
  window.__livev3Debug = {
    version,
    versionCode,
    video: () => videoStore.get(),
    launch: () => launchStore.get(),
  };
  console.info(`[livev3] debug helper on (${version}, code ${versionCode}): window.__livev3Debug`);
  return true;
}
