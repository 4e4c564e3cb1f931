import { useRef, useState } from 'react';
import { assignInlineVars } from '@vanilla-extract/dynamic';
import { useTranslation } from '../../lib/i18n';
import { localized } from '../../lib/localized';
import { vars } from '../../themes/contract.css';
import type { Prize } from './api';
import { motionReduced, wheelRotation } from './spin';
import * as styles from './Wheel.css';

const SPIN_MS = 4200;

export type Presenter = {
  /** Runs the animation to the slot of the server's outcome; resolves when it has landed. */
  land(slot: number): Promise<void>;
};

/** The prize wheel: alternating theme-coloured slots, a pointer at the top and the draw button in the hub. */
export function Wheel({
  prizes,
  drawLabel,
  disabled,
  onDraw,
}: {
  prizes: Prize[];
  drawLabel: string;
  disabled: boolean;
  onDraw(presenter: Presenter): void;
}) {
  const { t, i18n } = useTranslation();
  const [turn, setTurn] = useState({ degrees: 0, ms: 0 });
  const landed = useRef<(() => void) | null>(null);
  const count = prizes.length;
  const step = 360 / count;
  const background = `conic-gradient(${prizes
    .map(
      (_, index) =>
        `${index % 2 === 0 ? vars.color.primary : vars.color.surfaceAlt} ${index * step}deg ${(index + 1) * step}deg`,
    )
    .join(', ')})`;
  const presenter: Presenter = {
    land(slot) {
      const reduced = motionReduced();
      setTurn((current) => ({
        degrees: wheelRotation(current.degrees, slot, count, reduced ? 0 : 5),
        ms: reduced ? 0 : SPIN_MS,
      }));
      if (reduced) return Promise.resolve();
      return new Promise((resolve) => {
        landed.current = resolve;
      });
    },
  };
  return (
    <div className={styles.wheelFrame}>
      <span className={styles.pointer} aria-hidden="true" />
      <ul
        className={styles.wheel}
        aria-label={t('lottery.prizes')}
        style={{
          ...assignInlineVars({ [styles.rotation]: `${turn.degrees}deg`, [styles.spinMs]: `${turn.ms}ms` }),
          background,
        }}
        onTransitionEnd={() => {
          landed.current?.();
          landed.current = null;
        }}
      >
        {prizes.map((prize, index) => (
          <li
            key={`${prize.kind}-${prize.id}`}
            className={`${styles.slot} ${index % 2 === 0 ? styles.slotTone.primary : styles.slotTone.alt}`}
            style={{ transform: `rotate(${(index + 0.5) * step}deg)` }}
          >
            <span className={styles.slotText}>
              {prize.kind === 'thanks'
                ? t('lottery.thanks')
                : localized(prize.name, prize.name_en, i18n.language)}
            </span>
          </li>
        ))}
      </ul>
      <button type="button" className={styles.hub} disabled={disabled} onClick={() => onDraw(presenter)}>
        {drawLabel}
      </button>
    </div>
  );
}
