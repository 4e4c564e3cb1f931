import { useEffect, useId, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { addMessages, useTranslation } from '../../lib/i18n';
import en from './slide.en.json';
import zhCN from './slide.zh-CN.json';
import * as styles from './SlideCheck.css';

addMessages('slide', { 'zh-CN': zhCN, en });

/** Positions run 0..END, the scale the server checks the track on. */
export const END = 1000;
const KEY_STEP = END / 10;
/** Home/End glide over this long, so a keyboard slide is paced like a drag. */
const GLIDE_MS = 500;

export type SlideTrack = Array<[position: number, ms: number]>;
export type SlideState = 'idle' | 'sliding' | 'verifying' | 'passed' | 'failed';

type Props = {
  /** Called once the handle reaches the end, with the recorded track; resolves whether the server accepted it. */
  onSlid(track: SlideTrack): Promise<boolean>;
  /** Called when sliding starts (the moment to ask the server for a challenge). */
  onStart?(): void;
  disabled?: boolean;
  /** Why it is disabled, announced with the slider. */
  disabledReason?: string;
};

/**
 * The slide check: a real slider (role="slider" with its value announced), moved by dragging or with the arrow,
 * Home/End and Page keys, so it is operable without a pointer and readable by screen readers. It records the track
 * and hands it to the server (give it a new `key` to start over), which decides (server/accounts/slide.ts). Own component rather than a captcha package:
 * the ready-made ones are image puzzles that cannot be solved by keyboard or screen reader, and weigh far more.
 */
export function SlideCheck({ onSlid, onStart, disabled, disabledReason }: Props) {
  const { t } = useTranslation();
  const id = useId();
  const [position, setPosition] = useState(0);
  const [state, setState] = useState<SlideState>('idle');
  const trackRef = useRef<HTMLDivElement>(null);
  const recorded = useRef<SlideTrack>([]);
  const startedAt = useRef(0);
  const dragging = useRef(false);
  const glide = useRef(0);

  useEffect(() => () => cancelAnimationFrame(glide.current), []);

  const locked = disabled || state === 'verifying' || state === 'passed';

  const record = (next: number) => {
    const clamped = Math.max(0, Math.min(END, Math.round(next)));
    if (recorded.current.length === 0) {
      startedAt.current = performance.now();
      onStart?.();
    }
    recorded.current.push([clamped, Math.round(performance.now() - startedAt.current)]);
    setPosition(clamped);
    if (state !== 'sliding') setState('sliding');
    return clamped;
  };

  const finish = async () => {
    setState('verifying');
    const accepted = await onSlid(recorded.current).catch(() => false);
    recorded.current = [];
    if (accepted) {
      setState('passed');
    } else {
      setState('failed');
      setPosition(0);
    }
  };

  const moveTo = (next: number) => {
    if (locked) return;
    if (recorded.current.length === 0 && next > 0) record(0);
    if (record(next) >= END) void finish();
  };

  const glideTo = (target: number) => {
    if (locked) return;
    cancelAnimationFrame(glide.current);
    const from = position;
    const began = performance.now();
    const step = () => {
      const progress = Math.min(1, (performance.now() - began) / GLIDE_MS);
      moveTo(from + (target - from) * progress);
      if (progress < 1) glide.current = requestAnimationFrame(step);
    };
    step();
  };

  const positionFromPointer = (clientX: number) => {
    const box = trackRef.current?.getBoundingClientRect();
    if (!box || box.width === 0) return 0;
    const handleWidth = box.height;
    return ((clientX - box.left - handleWidth / 2) / (box.width - handleWidth)) * END;
  };

  const onPointerDown = (event: PointerEvent<HTMLButtonElement>) => {
    if (locked) return;
    dragging.current = true;
    event.currentTarget.setPointerCapture(event.pointerId);
    recorded.current = [];
    record(0);
  };
  const onPointerMove = (event: PointerEvent<HTMLButtonElement>) => {
    if (!dragging.current || locked) return;
    if (record(positionFromPointer(event.clientX)) >= END) {
      dragging.current = false;
      void finish();
    }
  };
  const onPointerUp = () => {
    if (!dragging.current) return;
    dragging.current = false;
    // Let go before the end: back to the start, like every slide check.
    recorded.current = [];
    setPosition(0);
    setState('idle');
  };

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    const steps: Record<string, number> = {
      ArrowRight: KEY_STEP,
      ArrowUp: KEY_STEP,
      PageUp: KEY_STEP * 3,
      ArrowLeft: -KEY_STEP,
      ArrowDown: -KEY_STEP,
      PageDown: -KEY_STEP * 3,
    };
    if (event.key === 'End') glideTo(END);
    else if (event.key === 'Home') glideTo(0);
    else if (event.key in steps) moveTo(position + steps[event.key]);
    else return;
    event.preventDefault();
  };

  const percent = Math.round((position / END) * 100);
  const status =
    state === 'verifying'
      ? t('slide.verifying')
      : state === 'passed'
        ? t('slide.passed')
        : state === 'failed'
          ? t('slide.failed')
          : disabled && disabledReason
            ? disabledReason
            : t('slide.hint');
  const statusId = `${id}-status`;
  const labelId = `${id}-label`;
  return (
    <div className={styles.wrap}>
      <span className={styles.label} id={labelId}>
        {t('slide.label')}
      </span>
      <div className={styles.track} ref={trackRef}>
        <div className={styles.fill} style={{ width: `${percent}%` }} />
        <span className={styles.text} aria-hidden="true">
          {state === 'passed' ? t('slide.passed') : t('slide.label')}
        </span>
        <button
          type="button"
          role="slider"
          className={styles.handle}
          // Left edge at percent of (track - handle): percent of the track, less percent of the handle itself.
          style={{ insetInlineStart: `${percent}%`, transform: `translateX(-${percent}%)` }}
          aria-labelledby={labelId}
          aria-describedby={statusId}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
          aria-valuetext={`${percent}%`}
          aria-disabled={locked || undefined}
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={onPointerUp}
          onPointerCancel={onPointerUp}
          onKeyDown={onKeyDown}
        >
          {state === 'passed' ? '✓' : '»'}
        </button>
      </div>
      <span
        id={statusId}
        role="status"
        className={
          state === 'failed' ? styles.statusFailed : state === 'passed' ? styles.statusPassed : styles.status
        }
      >
        {status}
      </span>
    </div>
  );
}
