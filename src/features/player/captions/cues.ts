import type Hls from 'hls.js';
import type { CuesParsedData, ManifestLoadedData } from 'hls.js';

/**
 * What the caption layer shows, apart from the DOM: cues hls.js parsed (kept as plain data), the ones active at a
 * time, where a CEA-608 caption sits on the caption grid, the track menu's options and the viewer's remembered choice.
 */

/** A cue as hls.js hands it over (a VTTCue), kept as plain data. */
export type Cue = {
  start: number;
  end: number;
  text: string;
  /** CEA-608: the row (1-15); WebVTT: its line setting, or 'auto'. */
  line: number | 'auto';
  /** CEA-608: the indent as a percentage of the width (10-90); 'auto' when none. */
  position: number | 'auto';
};

type CueLike = { startTime: number; endTime: number; text: string; line?: unknown; position?: unknown };

export function plainCue(cue: CueLike): Cue {
  return {
    start: cue.startTime,
    end: cue.endTime,
    text: cue.text,
    line: typeof cue.line === 'number' ? cue.line : 'auto',
    position: typeof cue.position === 'number' ? cue.position : 'auto',
  };
}

/**
 * The cues of one track, without the duplicates hls.js sends (a cue that spans two segments comes with both, and a
 * live stream's playlist reloads parse segments again), and without cues long past (a live stream never ends).
 */
export class CueList {
  private cues: Cue[] = [];
  private keys = new Set<string>();

  add(cues: readonly Cue[], now: number): void {
    for (const cue of cues) {
      const key = `${cue.start.toFixed(3)}|${cue.end.toFixed(3)}|${cue.line}|${cue.text}`;
      if (this.keys.has(key)) continue;
      this.keys.add(key);
      this.cues.push(cue);
    }
    if (this.cues.length > 400) {
      this.cues = this.cues.filter((cue) => cue.end > now - 60);
      this.keys = new Set(
        this.cues.map((cue) => `${cue.start.toFixed(3)}|${cue.end.toFixed(3)}|${cue.line}|${cue.text}`),
      );
    }
  }

  activeAt(time: number): Cue[] {
    return this.cues.filter((cue) => cue.start <= time && time < cue.end);
  }

  clear(): void {
    this.cues = [];
    this.keys.clear();
  }
}

/** Cue text as the viewer reads it: WebVTT's tags (<i>, <c.yellow>, <v Name>) and the entities they use, as text. */
export function cueText(text: string): string {
  return text
    .replace(/<[^>]*>/g, '')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&nbsp;/g, '\u00a0')
    .replace(/&lrm;|&rlm;/g, '')
    .replace(/&amp;/g, '&');
}

/**
 * Where a caption line sits on the caption grid (1-based row and column): its CEA-608 row, and its indent as a
 * percentage of the width turned into a column; a cue without them goes to the bottom row, from the first column.
 */
export function gridPlacement(cue: Pick<Cue, 'line' | 'position'>, rows: number, columns: number) {
  const row = cue.line === 'auto' ? rows : Math.min(rows, Math.max(1, Math.round(cue.line)));
  const column =
    cue.position === 'auto'
      ? 1
      : Math.min(
          columns,
          Math.max(1, Math.floor((Math.min(100, Math.max(0, cue.position)) / 100) * columns) + 1),
        );
  return { row, column };
}

/** Caption lines on the grid: one per row (a later cue on a row replaces an earlier one), top to bottom. */
export function gridLines(cues: readonly Cue[], rows: number, columns: number) {
  const byRow = new Map<number, { row: number; column: number; text: string }>();
  for (const cue of cues) {
    const { row, column } = gridPlacement(cue, rows, columns);
    byRow.set(row, { row, column, text: cueText(cue.text) });
  }
  return [...byRow.values()].sort((a, b) => a.row - b.row);
}

/** A subtitle track as hls.js lists it. */
export type SubtitleTrackInfo = { id: number; name: string; lang?: string };

export type TrackOption =
  { kind: 'off' } | { kind: 'subtitles'; id: number; name: string; language: string } | { kind: 'captions' };

/** The menu's choices: off, each subtitle track, and the embedded captions when the stream has them. */
export function trackOptions(
  subtitleTracks: readonly SubtitleTrackInfo[],
  hasCaptions: boolean,
): TrackOption[] {
  return [
    { kind: 'off' },
    ...subtitleTracks.map((track): TrackOption => ({
      kind: 'subtitles',
      id: track.id,
      name: track.name,
      language: track.lang ?? '',
    })),
    ...(hasCaptions ? [{ kind: 'captions' } as const] : []),
  ];
}

export const optionKey = (option: TrackOption): string =>
  option.kind === 'subtitles' ? `subtitles:${option.id}` : option.kind;

/** What the viewer chose, kept across streams and visits: a subtitle track by language (and name), or captions. */
export type Remembered =
  { kind: 'off' } | { kind: 'captions' } | { kind: 'subtitles'; language: string; name: string };

const STORAGE_KEY = 'livev3:captions';

export function rememberedChoice(storage: Pick<Storage, 'getItem'> | undefined = safeStorage()): Remembered {
  try {
    const value: unknown = JSON.parse(storage?.getItem(STORAGE_KEY) ?? 'null');
    if (typeof value !== 'object' || value === null || !('kind' in value)) return { kind: 'off' };
    if (value.kind === 'captions') return { kind: 'captions' };
    if (value.kind === 'subtitles' && 'language' in value && 'name' in value)
      return { kind: 'subtitles', language: String(value.language), name: String(value.name) };
  } catch {
    // A broken value: nothing remembered.
  }
  return { kind: 'off' };
}

export function rememberChoice(
  option: TrackOption,
  storage: Pick<Storage, 'setItem'> | undefined = safeStorage(),
) {
  const value: Remembered =
    option.kind === 'subtitles'
      ? { kind: 'subtitles', language: option.language, name: option.name }
      : option;
  try {
    storage?.setItem(STORAGE_KEY, JSON.stringify(value));
  } catch {
    // Storage may be unavailable (private mode): the choice then lasts this page only.
  }
  return value;
}

function safeStorage(): Storage | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage;
  } catch {
    return undefined;
  }
}

/** The option a remembered choice picks among those the stream has (off when it has none such). */
export function chosenOption(options: readonly TrackOption[], remembered: Remembered): TrackOption {
  if (remembered.kind === 'captions')
    return options.find((option) => option.kind === 'captions') ?? { kind: 'off' };
  if (remembered.kind === 'subtitles') {
    const subtitles = options.filter((option) => option.kind === 'subtitles');
    return (
      subtitles.find(
        (option) => option.language === remembered.language && option.name === remembered.name,
      ) ??
      subtitles.find((option) => option.language === remembered.language) ?? { kind: 'off' }
    );
  }
  return { kind: 'off' };
}

/** What the store reads of an hls.js instance and its events (types only: hls.js itself loads with the player). */
type CueSource = Pick<Hls, 'on' | 'off' | 'levels'>;
type CueEvents = Pick<typeof Hls.Events, 'CUES_PARSED' | 'MANIFEST_LOADED'>;

/**
 * The cues of a stream as hls.js parses them, from its creation on (the caption layer's code may still be loading
 * when the first fragments arrive): CEA-608 channel 1's, and each subtitle track's.
 */
export function collectCues(hls: CueSource, events: CueEvents, currentTime: () => number) {
  const store = {
    captions: new CueList(),
    subtitles: new Map<number, CueList>(),
    manifestCaptions: false,
    listeners: new Set<() => void>(),
    /** Calls `listener` after each batch of cues; returns its removal. */
    subscribe(listener: () => void): () => void {
      store.listeners.add(listener);
      return () => store.listeners.delete(listener);
    },
    /** Whether the stream has captions: its master playlist says so, or captions came. */
    hasCaptions(): boolean {
      return (
        store.manifestCaptions ||
        hls.levels.some((level) =>
          Boolean(level.attrs?.['CLOSED-CAPTIONS'] && level.attrs['CLOSED-CAPTIONS'] !== 'NONE'),
        )
      );
    },
    dispose() {
      hls.off(events.CUES_PARSED, onCues);
      hls.off(events.MANIFEST_LOADED, onManifest);
    },
  };
  const onManifest = (_name: unknown, data: ManifestLoadedData) => {
    if (data.captions?.length) store.manifestCaptions = true;
  };
  const onCues = (_name: unknown, data: CuesParsedData) => {
    const cues = (data.cues as CueLike[]).map(plainCue);
    if (data.type === 'captions') {
      // Channel 1 only: streams carry their captions there (CC3, a second language, is rare).
      if (data.track !== 'textTrack1') return;
      store.manifestCaptions = true;
      store.captions.add(cues, currentTime());
    } else if (data.type === 'subtitles' && data.subtitleTrack) {
      const { id } = data.subtitleTrack;
      let list = store.subtitles.get(id);
      if (!list) store.subtitles.set(id, (list = new CueList()));
      list.add(cues, currentTime());
    } else return;
    store.listeners.forEach((listener) => listener());
  };
  hls.on(events.CUES_PARSED, onCues);
  hls.on(events.MANIFEST_LOADED, onManifest);
  return store;
}

export type CueStore = ReturnType<typeof collectCues>;
