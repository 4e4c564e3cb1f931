import { describe, expect, it } from 'vitest';
import { previewThemeOf } from './preview-theme';

const known = ['red', 'pink', 'bluegold'];
const room = 'https://x.test/livev3/#/pages/home/index?token=abc';

describe("the console preview's theme", () => {
  it('is the known theme named in the hash query, in the variant asked for', () => {
    expect(previewThemeOf(`${room}&preview_theme=pink`, true, known)).toEqual({
      name: 'pink',
      variant: 'default',
    });
    expect(previewThemeOf(`${room}&preview_theme=bluegold&preview_variant=channel`, true, known)).toEqual({
      name: 'bluegold',
      variant: 'channel',
    });
  });

  it('is ignored outside a frame, for an unknown theme, without the parameter, or outside the hash', () => {
    expect(previewThemeOf(`${room}&preview_theme=pink`, false, known)).toBeNull();
    expect(previewThemeOf(`${room}&preview_theme=constructor`, true, known)).toBeNull();
    expect(previewThemeOf(`${room}&preview_theme=`, true, known)).toBeNull();
    expect(previewThemeOf(room, true, known)).toBeNull();
    expect(
      previewThemeOf('https://x.test/livev3/?preview_theme=pink#/pages/home/index', true, known),
    ).toBeNull();
  });
});
