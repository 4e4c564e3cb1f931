import { describe, expect, it } from 'vitest';
import { captionSchedule, captionSei, insertCaptions, popOnCaption, preamble, withParity } from './cea608.ts';

describe('CEA-608 captions for the demo stream', () => {
  it('sets odd parity', () => {
    expect(withParity(0x14)).toBe(0x94);
    expect(withParity(0x20)).toBe(0x20);
    expect(withParity(0x00)).toBe(0x80);
    expect(withParity(0x41)).toBe(0xc1);
  });

  it('addresses rows 1-15 with an indent', () => {
    expect(preamble(15)).toEqual([0x14, 0x70]);
    expect(preamble(1, 8)).toEqual([0x11, 0x54]);
    expect(preamble(11, 31)).toEqual([0x10, 0x5e]);
    expect(() => preamble(16)).toThrow();
  });

  it('loads a pop-on caption centred on its row, then flips it on', () => {
    const { load, show } = popOnCaption('Hi!', 15);
    expect(load).toEqual([
      [0x14, 0x20],
      [0x14, 0x20],
      [0x14, 0x2e],
      [0x14, 0x2e],
      [0x14, 0x76],
      [0x14, 0x76],
      [0x48, 0x69],
      [0x21, 0],
    ]);
    expect(show).toEqual([
      [0x14, 0x2f],
      [0x14, 0x2f],
    ]);
    expect(() => popOnCaption('中文')).toThrow();
    expect(() => popOnCaption('x'.repeat(33))).toThrow();
  });

  it('schedules the flip on the start frame and the erase on the end frame', () => {
    const slots = captionSchedule([{ start: 1, end: 2, text: 'Hi' }], 10, 30);
    expect(slots.slice(3, 10).every(Boolean)).toBe(true);
    expect(slots[2]).toBeNull();
    expect(slots[10]).toEqual([0x14, 0x2f]);
    expect(slots[20]).toEqual([0x14, 0x2c]);
    expect(() => captionSchedule([{ start: 0.1, end: 1, text: 'Too early' }], 10, 30)).toThrow(/outside/);
  });

  it('writes A/53 cc_data in an SEI with emulation prevention', () => {
    expect([...captionSei([0x14, 0x2f])]).toEqual([
      0, 0, 0, 1, 0x06, 0x04, 14, 0xb5, 0x00, 0x31, 0x47, 0x41, 0x39, 0x34, 0x03, 0xc1, 0xff, 0xfc, 0x94,
      0x2f, 0xff, 0x80,
    ]);
    // Padding: no valid cc.
    expect([...captionSei(null)].slice(17, 20)).toEqual([0xf8, 0x80, 0x80]);
  });

  it('puts one SEI before the first slice of each frame', () => {
    const aud = [0, 0, 0, 1, 0x09, 0xf0];
    const sps = [0, 0, 0, 1, 0x67, 0x42];
    const idr = [0, 0, 0, 1, 0x65, 0x88, 0x84];
    const secondSlice = [0, 0, 1, 0x65, 0x48, 0x11];
    const slice = [0, 0, 0, 1, 0x41, 0x9a, 0x02];
    const stream = Uint8Array.from([...aud, ...sps, ...idr, ...secondSlice, ...aud, ...slice]);
    const { data, frames } = insertCaptions(stream, [[0x14, 0x20], null]);
    expect(frames).toBe(2);
    const sei = (pair: [number, number] | null) => [...captionSei(pair)];
    expect([...data]).toEqual([
      ...aud,
      ...sps,
      ...sei([0x14, 0x20]),
      ...idr,
      ...secondSlice,
      ...aud,
      ...sei(null),
      ...slice,
    ]);
  });
});
