/**
 * The geometry of the image preview, as pure functions so it can be tested without a browser.
 * Coordinates are relative to the viewport centre; an image is drawn as `translate(x, y) scale(s)` around its centre,
 * so the image point q appears on screen at `offset + scale * q`.
 */
export type Point = { x: number; y: number };
export type Size = { width: number; height: number };
export type ZoomState = { scale: number; offset: Point };

export const MIN_SCALE = 1;
export const MAX_SCALE = 4;
export const DOUBLE_TAP_SCALE = 2.5;
/** A drag past this share of the width moves to the next image... */
const SWIPE_DISTANCE_RATIO = 0.2;
/** ...and so does a quick flick (px per ms). */
const SWIPE_VELOCITY = 0.5;
const DOUBLE_TAP_MS = 300;
export const DOUBLE_TAP_SLOP_PX = 30;

export const IDENTITY: ZoomState = { scale: 1, offset: { x: 0, y: 0 } };

export function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}

export function distance(a: Point, b: Point): number {
  return Math.hypot(a.x - b.x, a.y - b.y);
}

export function midpoint(a: Point, b: Point): Point {
  return { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 };
}

/** The image's size at scale 1: fitted inside the viewport, keeping its aspect ratio, never enlarged. */
export function fitSize(natural: Size, viewport: Size): Size {
  if (natural.width <= 0 || natural.height <= 0) return viewport;
  const ratio = Math.min(viewport.width / natural.width, viewport.height / natural.height, 1);
  return { width: natural.width * ratio, height: natural.height * ratio };
}

/** Keeps a zoomed image covering the viewport: it can be panned to its edges but not past them. */
export function clampOffset(offset: Point, scale: number, fitted: Size, viewport: Size): Point {
  const maxX = Math.max(0, (fitted.width * scale - viewport.width) / 2);
  const maxY = Math.max(0, (fitted.height * scale - viewport.height) / 2);
  return { x: clamp(offset.x, -maxX, maxX) || 0, y: clamp(offset.y, -maxY, maxY) || 0 };
}

/** Zooms to `scale` keeping the image point under `focus` where it is on screen. */
export function zoomAt(state: ZoomState, scale: number, focus: Point): ZoomState {
  const next = clamp(scale, MIN_SCALE, MAX_SCALE);
  const ratio = next / state.scale;
  return {
    scale: next,
    offset: {
      x: focus.x - ratio * (focus.x - state.offset.x),
      y: focus.y - ratio * (focus.y - state.offset.y),
    },
  };
}

export type PinchStart = { state: ZoomState; distance: number; center: Point };

/**
 * Two fingers: the scale follows the change in their distance, and the image point that was under their starting
 * midpoint follows the current midpoint (so a pinch can pan as well).
 */
export function pinch(start: PinchStart, currentDistance: number, currentCenter: Point): ZoomState {
  const scale = clamp(
    (start.state.scale * currentDistance) / Math.max(start.distance, 1),
    MIN_SCALE,
    MAX_SCALE,
  );
  const anchor = {
    x: (start.center.x - start.state.offset.x) / start.state.scale,
    y: (start.center.y - start.state.offset.y) / start.state.scale,
  };
  return { scale, offset: { x: currentCenter.x - scale * anchor.x, y: currentCenter.y - scale * anchor.y } };
}

/** Double tap: zoom in on the tapped point, or back out when already zoomed. */
export function toggleZoom(state: ZoomState, focus: Point): ZoomState {
  return state.scale > MIN_SCALE ? IDENTITY : zoomAt(state, DOUBLE_TAP_SCALE, focus);
}

export type Tap = { at: Point; time: number };

export function isDoubleTap(previous: Tap | null, tap: Tap): boolean {
  return (
    previous !== null &&
    tap.time - previous.time <= DOUBLE_TAP_MS &&
    distance(previous.at, tap.at) <= DOUBLE_TAP_SLOP_PX
  );
}

/** Dragging past the first or last image meets resistance instead of sliding freely. */
export function dragOffset(dx: number, index: number, count: number): number {
  const pastStart = index === 0 && dx > 0;
  const pastEnd = index === count - 1 && dx < 0;
  return pastStart || pastEnd ? dx / 3 : dx;
}

/** The image to settle on when a horizontal drag ends. */
export function swipeTarget(
  index: number,
  count: number,
  dx: number,
  durationMs: number,
  width: number,
): number {
  const velocity = Math.abs(dx) / Math.max(durationMs, 1);
  const far = Math.abs(dx) > width * SWIPE_DISTANCE_RATIO;
  const flick = velocity > SWIPE_VELOCITY && Math.abs(dx) > DOUBLE_TAP_SLOP_PX;
  if (!far && !flick) return index;
  return clamp(index + (dx < 0 ? 1 : -1), 0, Math.max(count - 1, 0));
}
