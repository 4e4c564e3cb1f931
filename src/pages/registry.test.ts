import { describe, expect, it } from 'vitest';
import { readPageKeys } from '../../scripts/config/check';
import { pageRegistry } from './registry';

describe('page registry', () => {
  it('is read by the config check exactly as the app sees it', () => {
    expect(readPageKeys()).toEqual(Object.keys(pageRegistry));
  });
});
