import { useId, useState } from 'react';
import { useTranslation } from '../../lib/i18n';
import { assignInlineVars } from '@vanilla-extract/dynamic';
import { useVideo } from '../../features/video/store';
import type { BlockProps } from '../types';
import * as styles from './Intro.css';

/** The event's plain-text description, clamped to a few lines with a show more/less toggle. */
export function Intro({ props }: BlockProps<'intro'>) {
  const { t } = useTranslation();
  const id = useId();
  const [expanded, setExpanded] = useState(false);
  const text = useVideo((state) => state.info?.description);
  if (!text) return null;
  return (
    <section className={styles.root} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className={styles.heading}>
        {t('video.intro')}
      </h2>
      <p
        id={`${id}-text`}
        className={expanded ? styles.text : styles.clamped}
        style={assignInlineVars({ [styles.lines]: String(props.collapsedLines) })}
      >
        {text}
      </p>
      <button
        type="button"
        className={styles.toggle}
        aria-expanded={expanded}
        aria-controls={`${id}-text`}
        onClick={() => setExpanded((value) => !value)}
      >
        {expanded ? t('video.showLess') : t('video.showMore')}
      </button>
    </section>
  );
}
