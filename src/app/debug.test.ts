// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { installDebugHelper } from './debug';

describe('debug helper', () => {
  it('is on only for origins containing test, amb or 192', () => {
    vi.spyOn(console, 'info').mockImplementation(() => {});
    expect(installDebugHelper('https://live.example.com')).toBe(false);
    expect(window.__livev3Debug).toBeUndefined();
    expect(installDebugHelper('https://test.live.example.com')).toBe(true);
    expect(installDebugHelper('http://192.168.1.5:8080')).toBe(true);
    expect(window.__livev3Debug?.version).toBe('1.0.0');
  });
});
