import { describe, expect, it } from 'vitest';
import { appConfig } from './config';
import { resolveThemeName } from './theme';

const names = ['red', 'blackgold', 'pink'];

describe('resolveThemeName', () => {
  it('takes a color_code that is a theme name', () => {
    expect(resolveThemeName('pink', appConfig, names)).toBe('pink');
  });
  it('maps a numeric color_code through config', () => {
    expect(resolveThemeName(2, appConfig, names)).toBe('blackgold');
  });
  it('falls back to the default for unknown, empty or prototype keys', () => {
    expect(resolveThemeName('purple', appConfig, names)).toBe('red');
    expect(resolveThemeName(undefined, appConfig, names)).toBe('red');
    expect(resolveThemeName('constructor', appConfig, names)).toBe('red');
  });
});
