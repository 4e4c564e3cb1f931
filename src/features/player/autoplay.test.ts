// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { autoplayRefused } from './autoplay';

const original = HTMLMediaElement.prototype.play;
afterEach(() => {
  HTMLMediaElement.prototype.play = original;
});
const playing = (play: () => unknown) => {
  HTMLMediaElement.prototype.play = vi.fn(play) as unknown as HTMLMediaElement['play'];
};

describe('autoplayRefused', () => {
  it('is true when the browser answers play() with NotAllowedError', async () => {
    playing(() => Promise.reject(new DOMException('needs a gesture', 'NotAllowedError')));
    expect(await autoplayRefused()).toBe(true);
  });

  it('is false when play() is let through, or fails for another reason', async () => {
    playing(() => Promise.resolve());
    expect(await autoplayRefused()).toBe(false);
    playing(() => Promise.reject(new DOMException('no source', 'NotSupportedError')));
    expect(await autoplayRefused()).toBe(false);
  });

  it('is false when play() gives no answer within the task, no promise, or throws', async () => {
    playing(() => new Promise(() => {}));
    expect(await autoplayRefused()).toBe(false);
    playing(() => undefined);
    expect(await autoplayRefused()).toBe(false);
    playing(() => {
      throw new Error('not implemented');
    });
    expect(await autoplayRefused()).toBe(false);
  });
});
