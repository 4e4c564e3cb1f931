import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { blockRegistry } from './registry';

describe('block registry', () => {
  it('has exactly one props schema per block type', () => {
    const schemaTypes = fs
      .readdirSync(new URL('../../schemas/blocks', import.meta.url))
      .map((file) => file.replace(/\.schema\.json$/, ''))
      .sort();
    expect(Object.keys(blockRegistry).sort()).toEqual(schemaTypes);
  });
});
