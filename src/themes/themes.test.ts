import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { Ajv2020 } from 'ajv/dist/2020.js';
import schema from '../../schemas/theme.schema.json';
import { contrastRatio } from './contrast';
import {
  colorTokens,
  fontSizeTokens,
  mergeTokens,
  radiusTokens,
  shadowTokens,
  sizeTokens,
  spaceTokens,
  themeVariants,
  type ThemeFile,
  type ThemeTokens,
} from './tokens';

const dir = new URL('../../themes/', import.meta.url);
const read = (name: string) => JSON.parse(fs.readFileSync(new URL(name, dir), 'utf8')) as ThemeFile;
const base = read('base.json').tokens as ThemeTokens;
const themeFiles = fs.readdirSync(dir).filter((name) => name.endsWith('.json') && name !== 'base.json');

/** Each theme's confirm colour (buttons, the dialogs' confirm): fixed by the product's design, so no theme drifts. */
const CONFIRM_COLOURS: Record<string, string> = {
  blackgold: '#CCAB69',
  pink: '#FB5087',
  red: '#FD3838',
  lightblue: '#6CB4FF',
  darkblue: '#160940',
  whitegold: '#CB9A52',
  bluegold: '#795F30',
};

function resolved(file: ThemeFile, variant: (typeof themeVariants)[number]): ThemeTokens {
  const tokens = mergeTokens(base, file.tokens);
  return variant === 'channel' ? mergeTokens(tokens, file.channel) : tokens;
}

describe('theme files', () => {
  const validate = new Ajv2020({ allErrors: true, strict: false }).compile({ ...schema, $id: undefined });

  it('ship the seven spec themes', () => {
    expect(themeFiles.map((name) => name.replace('.json', '')).sort()).toEqual(
      Object.keys(CONFIRM_COLOURS).sort(),
    );
  });

  it.each(['base.json', ...themeFiles])('%s matches schemas/theme.schema.json', (name) => {
    expect(validate(read(name)), JSON.stringify(validate.errors)).toBe(true);
  });

  it('base.json defines every token of the contract', () => {
    const groups = {
      color: colorTokens,
      radius: radiusTokens,
      space: spaceTokens,
      fontSize: fontSizeTokens,
      size: sizeTokens,
      shadow: shadowTokens,
    };
    for (const [group, keys] of Object.entries(groups)) {
      expect(Object.keys(base[group as keyof ThemeTokens]).sort()).toEqual([...keys].sort());
      expect(
        Object.keys(schema.$defs.tokens.properties[group as keyof ThemeTokens].properties).sort(),
      ).toEqual([...keys].sort());
    }
  });

  it.each(Object.entries(CONFIRM_COLOURS))('%s keeps its confirm colour %s', (name, colour) => {
    expect(resolved(read(`${name}.json`), 'default').color.confirm.toUpperCase()).toBe(colour);
  });

  it('channel variants differ visibly from the default', () => {
    for (const name of themeFiles) {
      const file = read(name);
      expect(JSON.stringify(resolved(file, 'channel'))).not.toBe(JSON.stringify(resolved(file, 'default')));
    }
  });
});

describe('contrast (WCAG AA)', () => {
  // Text up to 18.66 px bold needs 4.5:1 (WCAG 2.1 AA 1.4.3): body text, brand-coloured text (primary and accent
  // as text colours), small text on brand backgrounds (badges, 15 px buttons: primaryText on primary). Confirm
  // buttons keep the spec's confirm colour and use bold 19 px text (large text), which needs 3:1. The focus ring
  // needs 3:1 against the page (1.4.11).
  const pairs: [keyof ThemeTokens['color'], keyof ThemeTokens['color'], number][] = [
    ['text', 'background', 4.5],
    ['text', 'surface', 4.5],
    ['text', 'surfaceAlt', 4.5],
    ['textMuted', 'surface', 4.5],
    ['textMuted', 'background', 4.5],
    ['textMuted', 'surfaceAlt', 4.5],
    ['headerText', 'headerBackground', 4.5],
    ['primaryText', 'primary', 4.5],
    ['primary', 'surface', 4.5],
    ['primary', 'background', 4.5],
    ['accent', 'surface', 4.5],
    ['accent', 'background', 4.5],
    ['accent', 'surfaceAlt', 4.5],
    ['danger', 'surface', 4.5],
    ['success', 'surface', 4.5],
    ['confirmText', 'confirm', 3],
    ['liveBadgeText', 'liveBadge', 4.5],
    ['overlayText', 'overlay', 4.5],
    ['overlayText', 'overlayControl', 4.5],
    ['focus', 'background', 3],
    ['focus', 'surface', 3],
  ];
  for (const name of themeFiles) {
    for (const variant of themeVariants) {
      it(`${name.replace('.json', '')} ${variant}`, () => {
        const color = resolved(read(name), variant).color;
        const failures = pairs
          .map(([fg, bg, min]) => ({
            pair: `${fg} on ${bg}`,
            ratio: contrastRatio(color[fg], color[bg]),
            min,
          }))
          .filter(({ ratio, min }) => ratio < min)
          .map(({ pair, ratio, min }) => `${pair}: ${ratio.toFixed(2)} < ${min}`);
        expect(failures).toEqual([]);
      });
    }
  }
});
