/**
 * What the build gives the start-up (start.ts), as JSON in index.html (`<script id="lv-boot" type="application/json">`):
 * the few settings it needs from config, the theme classes, and per route its first screen and early request.
 */
import type { ThemeVariantName } from '../themes/tokens';

/**
 * The request a route's first screen starts with, sent before the entry has downloaded: the event (live room), the
 * channel (channel home), the contest (contest home), the contest and today's ranking (today's star).
 */
export type EarlyRequest = 'video' | 'channel' | 'contest' | 'today-star';

export type BootRoute = {
  variant: ThemeVariantName;
  /** The ids of the route's first screen in `BootData.screens`, by locale. */
  screens: Record<string, string>;
  early?: EarlyRequest;
  /** Today's star: the number of players its ranking asks for. */
  limit?: number;
  /**
   * The code of the route's first screen (its page, its blocks), preloaded with the entry (scripts/route-preload.ts):
   * indexes into `BootData.files`, which lists each file once (routes share most of them).
   */
  preload?: number[];
};

/**
 * The built entry, which the start-up fetches once the first screen is painted and starts once its main image is on
 * screen: the entry module, the modules it imports (the entry first), its stylesheets, and on a live room the
 * player's chunks, preloaded with the entry.
 */
export type EntryBoot = {
  js: string;
  modules: string[];
  css: string[];
  player: string[];
  /** hls.js's full build, preloaded instead of the light one (player[1]) for a stream with subtitles or captions. */
  playerFull?: string;
};

export type BootData = {
  api: string;
  locale: string;
  locales: string[];
  theme: string;
  /** `<theme>-<variant>` -> the class names the app puts on <html>. */
  themes: Record<string, string>;
  /** By path and alias. */
  routes: Record<string, BootRoute>;
  /**
   * The first screens' markup by id, rendered at build time (src/boot/prerender.tsx). Strings in this JSON, not
   * `<template>` elements: the HTML parser reads a string as text, where it would build every route's DOM.
   */
  screens: Record<string, string>;
  /** The files that routes preload (`BootRoute.preload`), each once. */
  files: string[];
  entry: EntryBoot;
};
