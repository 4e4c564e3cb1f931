import { describe, expect, it } from 'vitest';
import {
  DOUBLE_TAP_SCALE,
  IDENTITY,
  MAX_SCALE,
  clampOffset,
  dragOffset,
  fitSize,
  isDoubleTap,
  pinch,
  swipeTarget,
  toggleZoom,
  zoomAt,
  type ZoomState,
} from './gestures';

const phone = { width: 390, height: 844 };
const onScreen = (state: ZoomState, q: { x: number; y: number }) => ({
  x: state.offset.x + state.scale * q.x,
  y: state.offset.y + state.scale * q.y,
});

describe('fitSize', () => {
  it('fits a large image inside the viewport keeping its ratio', () => {
    expect(fitSize({ width: 1560, height: 1170 }, phone)).toEqual({ width: 390, height: 292.5 });
  });
  it('never enlarges a small image', () => {
    expect(fitSize({ width: 100, height: 50 }, phone)).toEqual({ width: 100, height: 50 });
  });
  it('uses the viewport while the size is unknown', () => {
    expect(fitSize({ width: 0, height: 0 }, phone)).toEqual(phone);
  });
});

describe('clampOffset', () => {
  it('keeps an unzoomed image centred', () => {
    expect(clampOffset({ x: 50, y: -20 }, 1, { width: 390, height: 292.5 }, phone)).toEqual({ x: 0, y: 0 });
  });
  it('lets a zoomed image pan to its edges and no further', () => {
    // 390 wide at 2x = 780: 195 px to spare either side; 292.5 high at 2x = 585 < 844: stays centred vertically.
    expect(clampOffset({ x: 500, y: 300 }, 2, { width: 390, height: 292.5 }, phone)).toEqual({
      x: 195,
      y: 0,
    });
    expect(clampOffset({ x: -100, y: 0 }, 2, { width: 390, height: 292.5 }, phone)).toEqual({
      x: -100,
      y: 0,
    });
  });
});

describe('zoomAt', () => {
  it('keeps the image point under the focus where it was', () => {
    const start: ZoomState = { scale: 1.5, offset: { x: 10, y: -5 } };
    const focus = { x: 80, y: 120 };
    const q = { x: (focus.x - start.offset.x) / start.scale, y: (focus.y - start.offset.y) / start.scale };
    const next = zoomAt(start, 3, focus);
    expect(next.scale).toBe(3);
    expect(onScreen(next, q).x).toBeCloseTo(focus.x);
    expect(onScreen(next, q).y).toBeCloseTo(focus.y);
  });
  it('clamps the scale between 1 and the maximum', () => {
    expect(zoomAt(IDENTITY, 10, { x: 0, y: 0 }).scale).toBe(MAX_SCALE);
    expect(zoomAt(IDENTITY, 0.2, { x: 0, y: 0 }).scale).toBe(1);
  });
});

describe('pinch', () => {
  const start = { state: IDENTITY, distance: 100, center: { x: 40, y: 60 } };
  it('scales with the finger distance around their midpoint', () => {
    const next = pinch(start, 200, { x: 40, y: 60 });
    expect(next.scale).toBe(2);
    expect(onScreen(next, { x: 40, y: 60 })).toEqual({ x: 40, y: 60 });
  });
  it('pans with the midpoint', () => {
    const next = pinch(start, 100, { x: 70, y: 20 });
    expect(next).toEqual({ scale: 1, offset: { x: 30, y: -40 } });
  });
  it('stays within the scale limits', () => {
    expect(pinch(start, 10, start.center).scale).toBe(1);
    expect(pinch(start, 1000, start.center).scale).toBe(MAX_SCALE);
  });
  it('survives fingers that start on the same spot', () => {
    expect(Number.isFinite(pinch({ ...start, distance: 0 }, 50, start.center).scale)).toBe(true);
  });
});

describe('double tap', () => {
  it('zooms in on the tapped point, then back out', () => {
    const zoomed = toggleZoom(IDENTITY, { x: 100, y: -50 });
    expect(zoomed.scale).toBe(DOUBLE_TAP_SCALE);
    expect(onScreen(zoomed, { x: 100, y: -50 })).toEqual({ x: 100, y: -50 });
    expect(toggleZoom(zoomed, { x: 0, y: 0 })).toEqual(IDENTITY);
  });
  it('needs two taps close in time and place', () => {
    const first = { at: { x: 10, y: 10 }, time: 1000 };
    expect(isDoubleTap(null, first)).toBe(false);
    expect(isDoubleTap(first, { at: { x: 20, y: 15 }, time: 1250 })).toBe(true);
    expect(isDoubleTap(first, { at: { x: 20, y: 15 }, time: 1400 })).toBe(false);
    expect(isDoubleTap(first, { at: { x: 90, y: 10 }, time: 1100 })).toBe(false);
  });
});

describe('swipe', () => {
  it('moves to the next or previous image after a long enough drag', () => {
    expect(swipeTarget(1, 5, -100, 600, 390)).toBe(2);
    expect(swipeTarget(1, 5, 100, 600, 390)).toBe(0);
  });
  it('stays on a short slow drag', () => {
    expect(swipeTarget(1, 5, -60, 600, 390)).toBe(1);
  });
  it('moves on a quick flick even when short', () => {
    expect(swipeTarget(1, 5, -60, 80, 390)).toBe(2);
  });
  it('ignores a tap-sized quick movement', () => {
    expect(swipeTarget(1, 5, -10, 5, 390)).toBe(1);
  });
  it('stops at the first and last image', () => {
    expect(swipeTarget(0, 5, 200, 300, 390)).toBe(0);
    expect(swipeTarget(4, 5, -200, 300, 390)).toBe(4);
    expect(swipeTarget(0, 0, -200, 300, 390)).toBe(0);
  });
  it('resists dragging past either end', () => {
    expect(dragOffset(90, 0, 5)).toBe(30);
    expect(dragOffset(-90, 4, 5)).toBe(-30);
    expect(dragOffset(-90, 0, 5)).toBe(-90);
    expect(dragOffset(90, 2, 5)).toBe(90);
  });
});
