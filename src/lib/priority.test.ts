import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as Priority from './priority';

// The hold is module state: each test gets a fresh module.
let priority: typeof Priority;
beforeEach(async () => {
  vi.resetModules();
  vi.useFakeTimers();
  priority = await import('./priority');
});
afterEach(() => {
  vi.useRealTimers();
});

/** Whether `promise` has settled once the pending callbacks have run. */
async function settled(promise: Promise<unknown>): Promise<boolean> {
  let done = false;
  void promise.then(() => (done = true));
  await vi.advanceTimersByTimeAsync(0);
  return done;
}

function deferred() {
  let resolve!: () => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<void>((ok, fail) => {
    resolve = ok;
    reject = fail;
  });
  return { promise, resolve, reject };
}

describe('priority', () => {
  it('lets everything through at once when nothing is held', async () => {
    expect(await settled(priority.afterPriority())).toBe(true);
  });

  it('holds back until what comes first has arrived', async () => {
    const player = deferred();
    priority.holdBackUntil(player.promise);
    const waiting = priority.afterPriority();
    expect(await settled(waiting)).toBe(false);
    player.resolve();
    expect(await settled(waiting)).toBe(true);
  });

  it('lets go when what comes first fails: the page never waits on an error', async () => {
    const player = deferred();
    priority.holdBackUntil(player.promise);
    const waiting = priority.afterPriority();
    player.reject(new Error('offline'));
    expect(await settled(waiting)).toBe(true);
  });

  it('holds back no longer than its limit', async () => {
    priority.holdBackUntil(new Promise(() => {}), 1000);
    const waiting = priority.afterPriority();
    await vi.advanceTimersByTimeAsync(999);
    expect(await settled(waiting)).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await settled(waiting)).toBe(true);
  });

  it('a second hold adds to the first', async () => {
    const first = deferred();
    const second = deferred();
    priority.holdBackUntil(first.promise);
    priority.holdBackUntil(second.promise);
    const waiting = priority.afterPriority();
    first.resolve();
    expect(await settled(waiting)).toBe(false);
    second.resolve();
    expect(await settled(waiting)).toBe(true);
  });
});
