// @vitest-environment jsdom
// @vitest-environment-options {"url": "http://localhost/livev3/#/pages/home/index?token=demo"}
import { describe, expect, it, vi } from 'vitest';
import { launchStore } from '../lib/launch';
import { tokenFromAddress, watchVideoToken } from './token-watch';

describe('token in the address bar', () => {
  it('reads the token from the hash query or the query', () => {
    expect(tokenFromAddress('http://x/livev3/#/pages/home/index?token=abc')).toBe('abc');
    expect(tokenFromAddress('http://x/livev3/?token=q#/pages/home/index')).toBe('q');
    expect(tokenFromAddress('http://x/livev3/#/pages/vote/index?vote_id=1')).toBeNull();
  });

  it('switches to the new event when the viewer changes the token, and keeps it when a link omits it', () => {
    expect(launchStore.get().videoToken).toBe('demo');
    const changed = vi.fn();
    const stop = watchVideoToken(window, changed);
    window.location.hash = '#/pages/home/index?token=vod';
    window.dispatchEvent(new HashChangeEvent('hashchange'));
    expect(launchStore.get().videoToken).toBe('vod');
    expect(changed).toHaveBeenCalledWith('vod');
    window.location.hash = '#/pages/vote/index?vote_id=1';
    window.dispatchEvent(new HashChangeEvent('hashchange'));
    expect(launchStore.get().videoToken).toBe('vod');
    expect(changed).toHaveBeenCalledTimes(1);
    stop();
  });
});
