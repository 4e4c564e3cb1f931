import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import type Hls from 'hls.js';
import { appConfig } from '../../../engine/config';
import { useTranslation } from '../../../lib/i18n';
import {
  chosenOption,
  cueText,
  gridLines,
  optionKey,
  rememberChoice,
  rememberedChoice,
  trackOptions,
  type Cue,
  type CueStore,
  type TrackOption,
} from './cues';
import * as styles from './Captions.css';

export type CaptionsProps = {
  hls: Hls;
  store: CueStore;
  video: HTMLVideoElement;
};

type Shown = { subtitles: string[]; captions: Cue[] };
const NOTHING: Shown = { subtitles: [], captions: [] };

/**
 * Subtitles and closed captions over the player (hls.js's full build, cues handed over instead of drawn by the
 * browser): the stream's subtitle tracks, polled every `subtitleTrackPollMs` as hls.js finds them, and CEA-608
 * captions laid out on the caption grid (`captionGridRows` by `captionGridColumns`). The CC button opens the choice:
 * off, each subtitle track, the embedded captions; the choice is remembered in this browser. Cue text is rendered
 * as text, never as HTML.
 */
export default function Captions({ hls, store, video }: CaptionsProps) {
  const { t } = useTranslation();
  const { subtitleTrackPollMs, captionGridRows: rows, captionGridColumns: columns } = appConfig.constants;
  const [options, setOptions] = useState<TrackOption[]>([{ kind: 'off' }]);
  const [choice, setChoice] = useState(rememberedChoice);
  const [shown, setShown] = useState<Shown>(NOTHING);
  const [open, setOpen] = useState(false);
  const chosen = chosenOption(options, choice);
  const chosenKind = chosen.kind;
  const subtitleId = chosen.kind === 'subtitles' ? chosen.id : -1;

  // Cues come from the store (filled since hls.js started); the poll picks up the tracks as hls.js lists them.
  useEffect(() => {
    const update = () => {
      const time = video.currentTime;
      const next: Shown =
        chosenKind === 'captions'
          ? { subtitles: [], captions: store.captions.activeAt(time) }
          : chosenKind === 'subtitles'
            ? {
                subtitles: (store.subtitles.get(subtitleId)?.activeAt(time) ?? []).map((cue) =>
                  cueText(cue.text),
                ),
                captions: [],
              }
            : NOTHING;
      setShown((before) => (JSON.stringify(before) === JSON.stringify(next) ? before : next));
    };
    const poll = () => {
      const next = trackOptions(
        hls.subtitleTracks.map((track) => ({ id: track.id, name: track.name, lang: track.lang })),
        store.hasCaptions(),
      );
      setOptions((before) => (JSON.stringify(before) === JSON.stringify(next) ? before : next));
      update();
    };
    const unsubscribe = store.subscribe(update);
    video.addEventListener('timeupdate', update);
    video.addEventListener('seeked', update);
    poll();
    const timer = setInterval(poll, subtitleTrackPollMs);
    return () => {
      clearInterval(timer);
      unsubscribe();
      video.removeEventListener('timeupdate', update);
      video.removeEventListener('seeked', update);
    };
  }, [hls, store, video, subtitleTrackPollMs, chosenKind, subtitleId]);

  // hls.js loads the chosen subtitle track's segments (and none while captions or nothing is chosen).
  useEffect(() => {
    selectSubtitleTrack(hls, subtitleId);
  }, [hls, subtitleId]);

  const choose = (option: TrackOption) => {
    setChoice(rememberChoice(option));
    setOpen(false);
  };

  const lines = gridLines(shown.captions, rows, columns);
  return (
    <>
      {lines.length ? (
        <div
          className={styles.grid}
          data-testid="caption-grid"
          style={{ gridTemplateRows: `repeat(${rows}, 1fr)`, gridTemplateColumns: `repeat(${columns}, 1fr)` }}
          aria-live="polite"
        >
          {lines.map((line) => (
            <span
              key={line.row}
              className={styles.gridLine}
              data-testid="caption-line"
              style={{
                gridRow: line.row,
                gridColumn: `${line.column} / -1`,
                fontSize: `max(12px, calc(100cqh / ${rows} * 0.8))`,
              }}
            >
              {line.text}
            </span>
          ))}
        </div>
      ) : null}
      {shown.subtitles.length ? (
        <div className={styles.subtitles} data-testid="subtitles" aria-live="polite">
          {shown.subtitles.map((text, i) => (
            <span key={i} className={styles.subtitleLine} data-testid="subtitle-cue">
              {text}
            </span>
          ))}
        </div>
      ) : null}
      {options.length > 1 ? (
        <TrackMenu
          options={options}
          chosen={chosen}
          open={open}
          onOpen={setOpen}
          onChoose={choose}
          label={(option) =>
            option.kind === 'off'
              ? t('player.captions.off')
              : option.kind === 'captions'
                ? t('player.captions.embedded')
                : option.name || option.language || t('player.captions.untitled')
          }
        />
      ) : null}
    </>
  );
}

/** Has hls.js load the subtitle track `id` (-1: none). */
function selectSubtitleTrack(player: Pick<Hls, 'subtitleTrack'>, id: number) {
  if (player.subtitleTrack !== id) player.subtitleTrack = id;
}

function TrackMenu({
  options,
  chosen,
  open,
  onOpen,
  onChoose,
  label,
}: {
  options: TrackOption[];
  chosen: TrackOption;
  open: boolean;
  onOpen: (open: boolean) => void;
  onChoose: (option: TrackOption) => void;
  label: (option: TrackOption) => string;
}) {
  const { t } = useTranslation();
  const menuId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  const items = () => [
    ...(menuRef.current?.querySelectorAll<HTMLButtonElement>('[role="menuitemradio"]') ?? []),
  ];

  // Opened: the chosen item takes the focus; a tap outside closes the menu.
  useEffect(() => {
    if (!open) return;
    (items().find((item) => item.getAttribute('aria-checked') === 'true') ?? items()[0])?.focus();
    const outside = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!menuRef.current?.contains(target) && !buttonRef.current?.contains(target)) onOpen(false);
    };
    document.addEventListener('pointerdown', outside);
    return () => document.removeEventListener('pointerdown', outside);
  }, [open, onOpen]);

  const close = () => {
    onOpen(false);
    buttonRef.current?.focus();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const list = items();
    const at = list.indexOf(document.activeElement as HTMLButtonElement);
    const move = (index: number) => list[(index + list.length) % list.length]?.focus();
    if (event.key === 'ArrowDown') move(at + 1);
    else if (event.key === 'ArrowUp') move(at - 1);
    else if (event.key === 'Home') move(0);
    else if (event.key === 'End') move(list.length - 1);
    else if (event.key === 'Escape') close();
    else if (event.key === 'Tab') onOpen(false);
    else return;
    if (event.key !== 'Tab') event.preventDefault();
  };

  const on = chosen.kind !== 'off';
  return (
    <div className={styles.menuAnchor}>
      <button
        ref={buttonRef}
        type="button"
        className={styles.ccButton}
        aria-label={t('player.captions.button', { choice: label(chosen) })}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        aria-pressed={on}
        data-testid="captions-button"
        onClick={() => onOpen(!open)}
      >
        CC
      </button>
      {open ? (
        <div
          ref={menuRef}
          id={menuId}
          role="menu"
          aria-label={t('player.captions.menu')}
          className={styles.menu}
          onKeyDown={onKeyDown}
        >
          {options.map((option) => {
            const checked = optionKey(option) === optionKey(chosen);
            return (
              <button
                key={optionKey(option)}
                type="button"
                role="menuitemradio"
                aria-checked={checked}
                tabIndex={checked ? 0 : -1}
                className={styles.menuItem}
                onClick={() => {
                  onChoose(option);
                  buttonRef.current?.focus();
                }}
              >
                <span className={styles.check} aria-hidden="true">
                  {checked ? '✓' : ''}
                </span>
                {label(option)}
              </button>
            );
          })}
        </div>
      ) : null}
    </div>
  );
}
