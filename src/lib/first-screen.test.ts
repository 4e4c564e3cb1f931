// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { endFirstScreen } from './first-screen';

afterEach(() => {
  document.documentElement.className = '';
  document.body.replaceChildren();
});

describe('the first screen', () => {
  it('ends the prerendered first screen: #lv-shell emptied, <html> no longer marked, the theme kept', () => {
    document.body.innerHTML =
      '<div id="lv-shell" inert><section><h1>Launch</h1></section></div><div id="root"></div>';
    document.documentElement.classList.add('th-red', 'lv-shelled');
    endFirstScreen();
    expect(document.getElementById('lv-shell')?.childNodes).toHaveLength(0);
    expect([...document.documentElement.classList]).toEqual(['th-red']);
    // Where there was none (a route without a first screen), and a second time: nothing to do.
    document.body.innerHTML = '<div id="root"></div>';
    expect(() => endFirstScreen()).not.toThrow();
    expect(() => endFirstScreen()).not.toThrow();
  });
});
