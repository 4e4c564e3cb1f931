/**
 * One figure per minute as a line chart (uPlot, loaded when the first chart draws, so the console's first load does
 * not carry it), with its text alternative: a sentence that sums it up and the numbers as a table.
 */
import { useEffect, useId, useRef } from 'react';
import type { Data } from '../app/api.ts';
import { useT } from '../app/i18n.ts';
import { vars } from '../app/theme.css.ts';
import * as styles from '../app/console.css.ts';
import { formatMinute } from './format.ts';
import * as own from './figures.css.ts';

export type MinuteSample = Data<'consoleFigures'>['viewers_per_minute'][number];

const HEIGHT = 220;

/** A theme colour as the canvas takes it (the CSS variable's value, not `var(...)`). */
function themeColour(variable: string): string {
  const name = /var\((--[^),]+)/.exec(variable)?.[1];
  return name ? getComputedStyle(document.documentElement).getPropertyValue(name).trim() : variable;
}

export function MinuteChart({ title, samples }: { title: string; samples: readonly MinuteSample[] }) {
  const { t, locale } = useT();
  const plotRef = useRef<HTMLDivElement>(null);
  const captionId = useId();

  useEffect(() => {
    const target = plotRef.current;
    if (!target || !samples.length) return;
    let disposed = false;
    let destroy = () => {};
    void Promise.all([import('uplot'), import('uplot/dist/uPlot.min.css')]).then(([{ default: UPlot }]) => {
      if (disposed) return;
      const line = themeColour(vars.color.primary);
      const text = themeColour(vars.color.textMuted);
      const grid = themeColour(vars.color.border);
      const axis = { stroke: text, grid: { stroke: grid, width: 1 }, ticks: { stroke: grid, width: 1 } };
      const plot = new UPlot(
        {
          width: Math.max(target.clientWidth, 320),
          height: HEIGHT,
          // The events' time zone, whatever the organiser's computer says.
          tzDate: (seconds) => UPlot.tzDate(new Date(seconds * 1000), 'Asia/Shanghai'),
          legend: { show: false },
          cursor: { show: false },
          scales: { y: { range: (_plot, _min, max) => [0, Math.max(1, Math.ceil(max * 1.1))] } },
          axes: [axis, { ...axis, values: (_plot, ticks) => ticks.map((tick) => String(Math.round(tick))) }],
          series: [{}, { label: title, stroke: line, width: 2, points: { show: samples.length < 30 } }],
        },
        [samples.map((sample) => sample.minute), samples.map((sample) => sample.value)],
        target,
      );
      destroy = () => plot.destroy();
    });
    return () => {
      disposed = true;
      destroy();
    };
  }, [samples, title]);

  const peak = samples.reduce<MinuteSample | null>(
    (best, sample) => (!best || sample.value > best.value ? sample : best),
    null,
  );
  return (
    <figure className={own.chart} aria-labelledby={captionId}>
      <figcaption id={captionId} className={own.caption}>
        {title}
      </figcaption>
      {peak ? (
        <>
          <p>
            {t('figures.chartSummary', {
              count: samples.length,
              from: formatMinute(samples[0].minute, locale),
              to: formatMinute(samples[samples.length - 1].minute, locale),
              max: peak.value,
              at: formatMinute(peak.minute, locale),
            })}
          </p>
          {/* The canvas repeats the table below for sighted readers. */}
          <div ref={plotRef} className={own.plot} aria-hidden="true" />
          <details className={own.numbers}>
            <summary>{t('figures.showNumbers')}</summary>
            <table className={styles.table}>
              <caption className={styles.muted}>{title}</caption>
              <thead>
                <tr>
                  <th scope="col" className={styles.cell}>
                    {t('figures.minute')}
                  </th>
                  <th scope="col" className={`${styles.cell} ${own.number}`}>
                    {t('figures.value')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {samples.map((sample) => (
                  <tr key={sample.minute}>
                    <td className={styles.cell}>{formatMinute(sample.minute, locale)}</td>
                    <td className={`${styles.cell} ${own.number}`}>{sample.value}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </details>
        </>
      ) : (
        <p className={styles.muted}>{t('figures.chartEmpty')}</p>
      )}
    </figure>
  );
}
