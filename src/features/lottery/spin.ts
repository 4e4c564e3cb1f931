/**
 * Where the animations stop: the wheel turns so the server's prize sits under the pointer at the top; the nine-box
 * highlight runs round the ring and stops on the server's cell. Pure functions, tested beside.
 */

/** The slot of the server's outcome among the presented prizes (the thanks slot has id 0 and kind thanks). */
export function slotOf(prizes: { id: number; kind: string }[], won: { id: number; kind: string }): number {
  const index = prizes.findIndex((prize) => prize.id === won.id && prize.kind === won.kind);
  return index === -1 ? 0 : index;
}

/**
 * The wheel's next rotation (degrees, clockwise) from `current`: at least `turns` full turns, ending with slot `index`
 * of `count` centred under the pointer at the top.
 */
export function wheelRotation(current: number, index: number, count: number, turns = 5): number {
  const slotCentre = (index + 0.5) * (360 / count);
  const rest = (((360 - slotCentre - current) % 360) + 360) % 360;
  return current + turns * 360 + rest;
}

/** The nine-box ring, clockwise from the top left, as cell numbers of the 3x3 grid (4 is the draw button). */
export const RING = [0, 1, 2, 5, 8, 7, 6, 3] as const;

/** The ring cells shown for `count` prizes: prizes repeat round the ring when there are fewer than eight. */
export function ringPrizes<T>(prizes: T[]): T[] {
  return RING.map((_, position) => prizes[position % prizes.length]);
}

/**
 * The highlight's steps: from `start` round the ring `laps` times and on to the first ring position showing `index`
 * (of the prizes repeated round the ring), with delays growing towards the end so it slows down.
 */
export function ringSteps(
  start: number,
  index: number,
  prizeCount: number,
  laps = 2,
): { position: number; delayMs: number }[] {
  const targets = RING.map((_, position) => position).filter((position) => position % prizeCount === index);
  const target = targets[0] ?? 0;
  const distance = laps * RING.length + ((target - start + RING.length) % RING.length);
  return Array.from({ length: distance }, (_, step) => ({
    position: (start + step + 1) % RING.length,
    delayMs: 60 + Math.round(240 * (step / Math.max(1, distance - 1)) ** 3),
  }));
}

/** Viewers who asked for less motion, and screenshots, get the result without the spin. */
export function motionReduced(): boolean {
  return (
    document.documentElement.dataset.animations === 'off' ||
    window.matchMedia?.('(prefers-reduced-motion: reduce)').matches === true
  );
}
