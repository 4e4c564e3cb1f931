import { describe, expect, it } from 'vitest';
import baseFile from '../themes/base.json';
import type { ThemeTokens } from '../src/themes/tokens';
import { contrastReport } from './contrast-report';

const base = baseFile.tokens as ThemeTokens;

describe('theme contrast report', () => {
  it('flags a pair under AA and passes one above it', () => {
    const grey = { ...base, color: { ...base.color, text: '#999999', background: '#FFFFFF' } };
    const black = { ...base, color: { ...base.color, text: '#000000', background: '#FFFFFF' } };
    const rows = contrastReport({ grey, black });
    const bodyText = (theme: string) =>
      rows.find((row) => row.theme === theme && row.text === 'text' && row.background === 'background');
    expect(bodyText('grey')).toMatchObject({ passes: false, required: 4.5 });
    expect(bodyText('grey')?.ratio).toBeCloseTo(2.85, 2);
    expect(bodyText('black')).toMatchObject({ passes: true, ratio: 21 });
  });

  it('holds brand buttons to the large-text threshold', () => {
    const rows = contrastReport({ base });
    expect(rows.find((row) => row.text === 'primaryText')?.required).toBe(3);
  });
});
