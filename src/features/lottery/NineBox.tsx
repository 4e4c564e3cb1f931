import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../lib/i18n';
import { localized } from '../../lib/localized';
import type { Prize } from './api';
import { motionReduced, RING, ringPrizes, ringSteps } from './spin';
import type { Presenter } from './Wheel';
import * as styles from './NineBox.css';

/** The nine-box: eight prize cells round the draw button; a highlight runs round and stops on the server's prize. */
export function NineBox({
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
  const [lit, setLit] = useState<number | null>(null);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  const cells = ringPrizes(prizes);
  const presenter: Presenter = {
    land(slot) {
      const steps = ringSteps(lit ?? RING.length - 1, slot, prizes.length);
      if (motionReduced()) {
        setLit(steps.at(-1)?.position ?? 0);
        return Promise.resolve();
      }
      return new Promise((resolve) => {
        const next = (index: number) => {
          const step = steps[index];
          if (!step) return resolve();
          timer.current = window.setTimeout(() => {
            setLit(step.position);
            next(index + 1);
          }, step.delayMs);
        };
        next(0);
      });
    },
  };
  // Grid cell -> ring position (the middle cell is the button).
  const positionOfCell = new Map<number, number>(RING.map((cell, position) => [cell, position]));
  return (
    <ul className={styles.grid} aria-label={t('lottery.prizes')}>
      {Array.from({ length: 9 }, (_, cell) => {
        if (cell === 4)
          return (
            <li key="draw">
              <button
                type="button"
                className={styles.gridButton}
                disabled={disabled}
                onClick={() => onDraw(presenter)}
              >
                {drawLabel}
              </button>
            </li>
          );
        const position = positionOfCell.get(cell) ?? 0;
        const prize = cells[position];
        const active = lit === position;
        return (
          <li
            key={cell}
            className={`${styles.cell} ${active ? styles.cellLit : ''}`}
            aria-current={active || undefined}
          >
            {prize.image ? <img src={prize.image} alt="" className={styles.cellImage} /> : null}
            <span>
              {prize.kind === 'thanks'
                ? t('lottery.thanks')
                : localized(prize.name, prize.name_en, i18n.language)}
            </span>
          </li>
        );
      })}
    </ul>
  );
}
