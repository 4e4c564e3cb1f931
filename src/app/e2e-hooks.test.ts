// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { installE2eHooks } from './e2e-hooks';
import { themeOverride } from './theme-root';

describe('theme override for previews', () => {
  beforeEach(() => {
    themeOverride.update(() => null);
    delete window.__livev3;
  });

  it('forces the theme named in the hash query under a browser suite', () => {
    installE2eHooks('http://x/livev3/#/pages/home/index?token=demo&theme=pink&variant=channel', false, true);
    expect(themeOverride.get()).toEqual({ name: 'pink', variant: 'channel' });
    expect(window.__livev3).toBeDefined();
  });

  it('forces it in development without the flag', () => {
    installE2eHooks('http://x/livev3/#/pages/home/index?theme=bluegold', true);
    expect(themeOverride.get()).toEqual({ name: 'bluegold', variant: 'default' });
  });

  it('ignores it in production links, the old e2e=1 flag included', () => {
    installE2eHooks('http://x/livev3/#/pages/home/index?token=demo&e2e=1&theme=pink', false, false);
    expect(themeOverride.get()).toBeNull();
    expect(window.__livev3).toBeUndefined();
  });

  it('reads the suite flag from the window by default', () => {
    window.__livev3Suite = true;
    try {
      installE2eHooks('http://x/livev3/#/pages/home/index?theme=pink', false);
    } finally {
      delete window.__livev3Suite;
    }
    expect(themeOverride.get()).toEqual({ name: 'pink', variant: 'default' });
  });
});
