// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { installE2eHooks } from './e2e-hooks';
import { themeOverride } from './theme-root';

describe('theme override for previews', () => {
  beforeEach(() => {
    themeOverride.update(() => null);
    delete window.__livev3;
  });

  it('forces the theme named in the hash query under the e2e flag', () => {
    installE2eHooks('http://x/livev3/#/pages/home/index?token=demo&e2e=1&theme=pink&variant=channel', false);
    expect(themeOverride.get()).toEqual({ name: 'pink', variant: 'channel' });
    expect(window.__livev3).toBeDefined();
  });

  it('forces it in development without the flag', () => {
    installE2eHooks('http://x/livev3/#/pages/home/index?theme=bluegold', true);
    expect(themeOverride.get()).toEqual({ name: 'bluegold', variant: 'default' });
  });

  it('ignores it in production links', () => {
    installE2eHooks('http://x/livev3/#/pages/home/index?token=demo&theme=pink', false);
    expect(themeOverride.get()).toBeNull();
    expect(window.__livev3).toBeUndefined();
  });
});
