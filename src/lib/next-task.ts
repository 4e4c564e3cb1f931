/**
 * Resolves in a later task of the event loop, so that the browser can paint and answer input between two pieces of
 * work. On a phone a task over 50 ms blocks the page (Lighthouse counts the excess as blocking time), so long
 * sequences such as the app's start-up are cut into pieces with it.
 */
export function nextTask(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}
