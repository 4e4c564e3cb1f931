/**
 * Page registry: config `routes[].page` -> lazily loaded page module. Adding a page = one file under src/pages and
 * one line here (then a route in config/app.json). Only dynamic imports here: the config check imports this file in
 * Node to learn the page keys without loading any page.
 */
import type { ComponentType } from 'react';

export type PageModule = { default: ComponentType };

export const pageRegistry = {
  entry: () => import('./entry/EntryPage'),
  home: () => import('./home/HomePage'),
  blocks: () => import('./blocks/BlocksPage'),
  'preview-image': () => import('./preview-image/PreviewImagePage'),
  'choose-location': () => import('./choose-location/ChooseLocationPage'),
  'open-location': () => import('./open-location/OpenLocationPage'),
  'my-webview': () => import('./my-webview/MyWebviewPage'),
  channel: () => import('./channel/ChannelPage'),
  'channel-room': () => import('./channel-room/ChannelRoomPage'),
} satisfies Record<string, () => Promise<PageModule>>;

/**
 * The pages made of config's blocks: their first screen is their first blocks (blocks/BlockList.tsx says when it is
 * rendered); every other page's first screen is the page itself.
 */
export const pagesWithBlocks: ReadonlySet<string> = new Set(['home', 'blocks', 'channel', 'channel-room']);
