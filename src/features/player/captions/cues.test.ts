import { describe, expect, it } from 'vitest';
import {
  chosenOption,
  collectCues,
  cueText,
  CueList,
  gridLines,
  gridPlacement,
  rememberChoice,
  rememberedChoice,
  trackOptions,
  type Cue,
} from './cues';

const cue = (
  start: number,
  end: number,
  text: string,
  line: Cue['line'] = 'auto',
  position: Cue['position'] = 'auto',
): Cue => ({
  start,
  end,
  text,
  line,
  position,
});

describe('the caption grid (15 rows by 100 columns)', () => {
  it('puts a CEA-608 caption on its row, from the column of its indent', () => {
    expect(gridPlacement({ line: 15, position: 10 }, 15, 100)).toEqual({ row: 15, column: 11 });
    expect(gridPlacement({ line: 1, position: 90 }, 15, 100)).toEqual({ row: 1, column: 91 });
    // On a coarser grid the percentage still lands in proportion.
    expect(gridPlacement({ line: 8, position: 50 }, 15, 32)).toEqual({ row: 8, column: 17 });
  });

  it('keeps everything on the grid: rows and positions out of range are clamped, none goes to the bottom left', () => {
    expect(gridPlacement({ line: 40, position: 140 }, 15, 100)).toEqual({ row: 15, column: 100 });
    expect(gridPlacement({ line: 0, position: -5 }, 15, 100)).toEqual({ row: 1, column: 1 });
    expect(gridPlacement({ line: 'auto', position: 'auto' }, 15, 100)).toEqual({ row: 15, column: 1 });
  });

  it('lays out one line per row, top to bottom, the latest cue of a row winning, text as text', () => {
    expect(
      gridLines(
        [
          cue(0, 2, 'Bottom', 15, 10),
          cue(0, 2, '<i>Top</i> &amp; more', 2, 30),
          cue(1, 2, 'Bottom again', 15, 20),
        ],
        15,
        100,
      ),
    ).toEqual([
      { row: 2, column: 31, text: 'Top & more' },
      { row: 15, column: 21, text: 'Bottom again' },
    ]);
  });
});

describe('cues', () => {
  it('reads markup as text: tags dropped, entities decoded once', () => {
    expect(cueText('<v Ann>Hi</v> <c.yellow>there</c> &lt;b&gt; &amp;lt;')).toBe('Hi there <b> &lt;');
    expect(cueText('<img src=x onerror=alert(1)>ok')).toBe('ok');
  });

  it('keeps each cue once and answers those active at a time', () => {
    const list = new CueList();
    list.add([cue(1, 3, 'A'), cue(2, 4, 'B')], 0);
    list.add([cue(1, 3, 'A')], 0);
    expect(list.activeAt(2.5).map((c) => c.text)).toEqual(['A', 'B']);
    expect(list.activeAt(3).map((c) => c.text)).toEqual(['B']);
    expect(list.activeAt(4)).toEqual([]);
  });

  it('forgets cues long past on a stream that never ends', () => {
    const list = new CueList();
    for (let i = 0; i < 401; i++) list.add([cue(i, i + 1, `c${i}`)], 0);
    list.add([cue(500, 501, 'late')], 500);
    expect(list.activeAt(10)).toEqual([]);
    expect(list.activeAt(450.5).map((c) => c.text)).toEqual([]);
    expect(list.activeAt(500.5).map((c) => c.text)).toEqual(['late']);
  });

  it('collects cues from hls.js events: channel 1 captions and each subtitle track, until disposed', () => {
    const listeners = new Map<string, (name: string, data: never) => void>();
    const hls = {
      levels: [{ attrs: {} }],
      on: (event: string, listener: (name: string, data: never) => void) => listeners.set(event, listener),
      off: (event: string) => listeners.delete(event),
    };
    type Source = Parameters<typeof collectCues>[0];
    type Events = Parameters<typeof collectCues>[1];
    const events = { CUES_PARSED: 'cues', MANIFEST_LOADED: 'manifest' } as unknown as Events;
    const store = collectCues(hls as unknown as Source, events, () => 0);
    let changes = 0;
    store.subscribe(() => changes++);
    expect(store.hasCaptions()).toBe(false);
    const emit = (data: unknown) => listeners.get('cues')?.('cues', data as never);
    emit({ type: 'captions', track: 'textTrack3', cues: [{ startTime: 0, endTime: 1, text: 'CC3' }] });
    expect(store.hasCaptions()).toBe(false);
    emit({
      type: 'captions',
      track: 'textTrack1',
      cues: [{ startTime: 0, endTime: 1, text: 'CC1', line: 15, position: 10 }],
    });
    emit({
      type: 'subtitles',
      track: 'subtitles1',
      subtitleTrack: { id: 1 },
      cues: [{ startTime: 0, endTime: 1, text: 'Sub' }],
    });
    expect(store.hasCaptions()).toBe(true);
    expect(store.captions.activeAt(0.5)).toEqual([{ start: 0, end: 1, text: 'CC1', line: 15, position: 10 }]);
    expect(
      store.subtitles
        .get(1)
        ?.activeAt(0.5)
        .map((c) => c.text),
    ).toEqual(['Sub']);
    expect(changes).toBe(2);
    store.dispose();
    expect(listeners.size).toBe(0);
    // A master playlist that names captions says so before any caption arrives.
    const named = collectCues(
      { ...hls, levels: [{ attrs: { 'CLOSED-CAPTIONS': 'cc' } }] } as unknown as Source,
      events,
      () => 0,
    );
    expect(named.hasCaptions()).toBe(true);
  });
});

describe('the track menu', () => {
  const tracks = [
    { id: 0, name: '中文', lang: 'zh' },
    { id: 1, name: 'English', lang: 'en' },
  ];

  it('offers off, each subtitle track and the captions', () => {
    expect(trackOptions(tracks, true).map((option) => option.kind)).toEqual([
      'off',
      'subtitles',
      'subtitles',
      'captions',
    ]);
    expect(trackOptions([], false)).toEqual([{ kind: 'off' }]);
  });

  it('remembers the choice by language, and falls back to off when the stream has no such track', () => {
    const stored = new Map<string, string>();
    const storage = {
      getItem: (key: string) => stored.get(key) ?? null,
      setItem: (key: string, value: string) => void stored.set(key, value),
    };
    const options = trackOptions(tracks, true);
    expect(rememberedChoice(storage)).toEqual({ kind: 'off' });
    rememberChoice(options[2], storage);
    expect(chosenOption(options, rememberedChoice(storage))).toEqual(options[2]);
    // Another stream whose English track has another name still gets English.
    expect(
      chosenOption(trackOptions([{ id: 4, name: 'EN', lang: 'en' }], false), rememberedChoice(storage)),
    ).toMatchObject({ id: 4 });
    expect(chosenOption(trackOptions(tracks.slice(0, 1), false), rememberedChoice(storage))).toEqual({
      kind: 'off',
    });
    rememberChoice({ kind: 'captions' }, storage);
    expect(chosenOption(trackOptions(tracks, false), rememberedChoice(storage))).toEqual({ kind: 'off' });
    stored.set('livev3:captions', '{broken');
    expect(rememberedChoice(storage)).toEqual({ kind: 'off' });
  });
});
