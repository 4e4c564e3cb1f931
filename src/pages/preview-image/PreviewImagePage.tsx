import '../system-messages';
import { useCallback, useEffect, useMemo, useRef, useState, type PointerEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useTranslation } from '../../lib/i18n';
import { previewImage } from '../../lib/wechat/media';
import { setupJsSdk } from '../../lib/wechat/setup';
import { isWeChat } from '../../lib/wechat/user-agent';
import {
  IDENTITY,
  MIN_SCALE,
  clampOffset,
  distance,
  dragOffset,
  fitSize,
  isDoubleTap,
  midpoint,
  pinch,
  swipeTarget,
  toggleZoom,
  DOUBLE_TAP_SLOP_PX,
  type PinchStart,
  type Point,
  type Size,
  type Tap,
  type ZoomState,
} from './gestures';
import { useGoBack } from '../choose-location/SystemPage';
import { parsePreviewQuery } from './image-urls';
import * as styles from './PreviewImagePage.css';

type Gesture =
  | { kind: 'none' }
  | { kind: 'drag'; start: Point; time: number; offset: Point; moved: boolean }
  | { kind: 'pinch'; start: PinchStart };

/**
 * Full-screen image preview (system page /preview-image?urls=a,b&current=1): swipe between images, pinch or
 * double-tap to zoom, pan while zoomed; arrow buttons and keys for those who cannot swipe. Inside WeChat the
 * native viewer opens on top once the JS-SDK is ready; this page stays as the fallback underneath.
 */
export default function PreviewImagePage(): React.JSX.Element {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const { urls, current } = useMemo(() => parsePreviewQuery(params, window.location.origin), [params]);
  const [index, setIndex] = useState(current);
  const [zoom, setZoom] = useState<ZoomState>(IDENTITY);
  const [dragX, setDragX] = useState(0);
  const [dragging, setDragging] = useState(false);
  const [naturalSizes, setNaturalSizes] = useState<Record<number, Size>>({});
  const viewportRef = useRef<HTMLDivElement>(null);
  const pointers = useRef(new Map<number, Point>());
  const gesture = useRef<Gesture>({ kind: 'none' });
  const lastTap = useRef<Tap | null>(null);
  const count = urls.length;

  const close = useGoBack();

  const show = useCallback(
    (next: number) => {
      setIndex(Math.min(Math.max(next, 0), Math.max(count - 1, 0)));
      setZoom(IDENTITY);
      setDragX(0);
    },
    [count],
  );

  useEffect(() => {
    if (!isWeChat() || count === 0) return;
    setupJsSdk()
      .then(() => previewImage(urls, urls[current]))
      .catch(() => {
        // Not configured or refused: the page's own viewer is already showing.
      });
  }, [urls, current, count]);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'ArrowLeft') show(index - 1);
      else if (event.key === 'ArrowRight') show(index + 1);
      else if (event.key === 'Escape') close();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [index, show, close]);

  const viewport = (): { size: Size; centre: Point } => {
    const rect = viewportRef.current?.getBoundingClientRect();
    const size = { width: rect?.width ?? window.innerWidth, height: rect?.height ?? window.innerHeight };
    return { size, centre: { x: (rect?.left ?? 0) + size.width / 2, y: (rect?.top ?? 0) + size.height / 2 } };
  };

  const clampZoom = (state: ZoomState): ZoomState => {
    if (state.scale <= MIN_SCALE) return IDENTITY;
    const { size } = viewport();
    const fitted = fitSize(naturalSizes[index] ?? size, size);
    return { scale: state.scale, offset: clampOffset(state.offset, state.scale, fitted, size) };
  };

  const pointAt = (event: PointerEvent): Point => {
    const { centre } = viewport();
    return { x: event.clientX - centre.x, y: event.clientY - centre.y };
  };

  const startDrag = (at: Point) => {
    gesture.current = { kind: 'drag', start: at, time: performance.now(), offset: zoom.offset, moved: false };
  };

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    event.currentTarget.setPointerCapture?.(event.pointerId);
    pointers.current.set(event.pointerId, pointAt(event));
    setDragging(true);
    const [a, b] = [...pointers.current.values()];
    if (a && b) {
      gesture.current = {
        kind: 'pinch',
        start: { state: zoom, distance: distance(a, b), center: midpoint(a, b) },
      };
      setDragX(0);
    } else if (a) {
      startDrag(a);
    }
  };

  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (!pointers.current.has(event.pointerId)) return;
    const at = pointAt(event);
    pointers.current.set(event.pointerId, at);
    const g = gesture.current;
    if (g.kind === 'pinch') {
      const [a, b] = [...pointers.current.values()];
      if (a && b) setZoom(pinch(g.start, distance(a, b), midpoint(a, b)));
      return;
    }
    if (g.kind !== 'drag') return;
    const dx = at.x - g.start.x;
    const dy = at.y - g.start.y;
    if (Math.hypot(dx, dy) > DOUBLE_TAP_SLOP_PX / 3) g.moved = true;
    if (zoom.scale > MIN_SCALE) {
      setZoom(clampZoom({ scale: zoom.scale, offset: { x: g.offset.x + dx, y: g.offset.y + dy } }));
    } else {
      setDragX(dragOffset(dx, index, count));
    }
  };

  const onPointerEnd = (event: PointerEvent<HTMLDivElement>) => {
    const at = pointers.current.get(event.pointerId);
    if (!at) return;
    pointers.current.delete(event.pointerId);
    if (pointers.current.size === 0) setDragging(false);
    const g = gesture.current;
    if (g.kind === 'pinch') {
      setZoom(clampZoom(zoom));
      // One finger still down: carry on as a pan from where it is now, without a jump.
      const [rest] = [...pointers.current.values()];
      if (rest) startDrag(rest);
      else gesture.current = { kind: 'none' };
      return;
    }
    gesture.current = { kind: 'none' };
    if (g.kind !== 'drag') return;
    if (!g.moved && event.type === 'pointerup') {
      const tap = { at, time: performance.now() };
      if (isDoubleTap(lastTap.current, tap)) {
        lastTap.current = null;
        setZoom(clampZoom(toggleZoom(zoom, at)));
      } else {
        lastTap.current = tap;
      }
      return;
    }
    if (zoom.scale <= MIN_SCALE) {
      const target = swipeTarget(
        index,
        count,
        at.x - g.start.x,
        performance.now() - g.time,
        viewport().size.width,
      );
      if (target !== index) show(target);
      else setDragX(0);
    }
  };

  const recordSize = (i: number, img: HTMLImageElement) => {
    setNaturalSizes((sizes) => ({ ...sizes, [i]: { width: img.naturalWidth, height: img.naturalHeight } }));
  };

  if (count === 0) {
    return (
      <main className={styles.viewer}>
        <div className={styles.empty}>
          <h1 className={styles.counter}>{t('system.previewImage.empty')}</h1>
          <button type="button" className={styles.iconButton} onClick={close}>
            {t('system.back')}
          </button>
        </div>
      </main>
    );
  }

  return (
    <main className={styles.viewer}>
      <h1 className={styles.visuallyHidden}>{t('system.previewImage.title')}</h1>
      <div
        ref={viewportRef}
        className={styles.viewport}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerEnd}
        onPointerCancel={onPointerEnd}
      >
        <div
          className={`${styles.track} ${dragging ? styles.dragging : ''}`}
          style={{ transform: `translate3d(calc(${-index * 100}% + ${dragX}px), 0, 0)` }}
        >
          {urls.map((url, i) => (
            <div
              key={`${i}:${url}`}
              className={styles.slide}
              aria-hidden={i !== index}
              role="group"
              aria-label={t('system.previewImage.position', { current: i + 1, total: count })}
            >
              {Math.abs(i - index) <= 1 ? (
                <img
                  className={`${styles.image} ${dragging ? styles.dragging : ''}`}
                  src={url}
                  alt={t('system.previewImage.imageAlt', { current: i + 1, total: count })}
                  draggable={false}
                  decoding="async"
                  onLoad={(event) => recordSize(i, event.currentTarget)}
                  style={
                    i === index
                      ? {
                          transform: `translate3d(${zoom.offset.x}px, ${zoom.offset.y}px, 0) scale(${zoom.scale})`,
                        }
                      : undefined
                  }
                />
              ) : null}
            </div>
          ))}
        </div>
      </div>
      <div className={styles.toolbar}>
        <button type="button" className={styles.iconButton} onClick={close} aria-label={t('ui.close')}>
          ✕
        </button>
        <p className={styles.counter} aria-live="polite">
          {`${index + 1} / ${count}`}
        </p>
        <span aria-hidden="true" />
      </div>
      {count > 1 ? (
        <>
          <button
            type="button"
            className={`${styles.navButton} ${styles.previous}`}
            onClick={() => show(index - 1)}
            disabled={index === 0}
            aria-label={t('system.previewImage.previous')}
          >
            ‹
          </button>
          <button
            type="button"
            className={`${styles.navButton} ${styles.next}`}
            onClick={() => show(index + 1)}
            disabled={index === count - 1}
            aria-label={t('system.previewImage.next')}
          >
            ›
          </button>
        </>
      ) : null}
    </main>
  );
}
