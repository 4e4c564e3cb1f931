/**
 * The operator studio (development only, `npm run studio`): the chosen route of the real app in every theme x variant
 * side by side, or one theme in several phone sizes; every frame reloads itself when config or a theme is saved, and a
 * config error replaces the frames until it is fixed. A second tab lists each theme's contrast pairs.
 */
import { useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { appConfig, getConfigRevision, subscribeConfig } from '../src/engine/config';
import { themeClassName } from '../src/themes';
import { Field } from '../src/ui/field/Field';
import { button } from '../src/ui/button/button.css';
import { input } from '../src/ui/field/Field.css';
import { contrastReport } from './contrast-report';
import { framesFor, routeChoices, type Frame } from './frames';
import * as styles from './Studio.css';
import { studioThemeNames, themeTokens } from './theme-tokens';

type Problem = { file: string; pointer: string; message: string; hint?: string };

/** Demo data that fits the seeded events and contests. */
const demoQueries = [
  'token=demo',
  'token=demo&vote_id=1',
  'token=paid',
  'token=secret',
  'token=demo&channel_token=demo',
];

const SCALE = 0.5;

function useConfigProblems(): Problem[] {
  const [problems, setProblems] = useState<Problem[]>([]);
  useEffect(() => {
    let live = true;
    fetch('/__studio/problems')
      .then((response) => response.json() as Promise<Problem[]>)
      .then((list) => live && setProblems(list))
      .catch(() => undefined);
    const hot = import.meta.hot;
    const onProblems = (list: Problem[]) => setProblems(list);
    hot?.on('livev3:config', onProblems);
    return () => {
      live = false;
      hot?.off('livev3:config', onProblems);
    };
  }, []);
  return problems;
}

function PhoneFrame({ frame, generation }: { frame: Frame; generation: number }) {
  const { width, height } = frame.size;
  return (
    <figure className={styles.frameBox}>
      <figcaption>{frame.label}</figcaption>
      <div className={styles.frameViewport} style={{ width: width * SCALE, height: height * SCALE }}>
        <iframe
          key={generation}
          className={styles.frame}
          title={frame.label}
          src={frame.src}
          width={width}
          height={height}
          style={{ transform: `scale(${SCALE})` }}
        />
      </div>
    </figure>
  );
}

function ContrastTable() {
  const rows = useMemo(() => contrastReport(themeTokens()), []);
  const failures = rows.filter((row) => !row.passes).length;
  return (
    <section aria-labelledby="contrast-title">
      <h2 id="contrast-title">
        Theme contrast: {failures} of {rows.length} pairs under WCAG AA
      </h2>
      <table className={styles.table}>
        <thead>
          <tr>
            {['theme', 'text', 'on', 'ratio', 'needs', ''].map((heading) => (
              <th key={heading} className={styles.cell} scope="col">
                {heading}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={`${row.theme}-${row.text}-${row.background}`}>
              <td className={styles.cell}>{row.theme}</td>
              <td className={styles.cell}>{row.text}</td>
              <td className={styles.cell}>{row.background}</td>
              <td className={styles.cell}>{row.ratio.toFixed(2)}:1</td>
              <td className={styles.cell}>{row.required}:1</td>
              <td className={`${styles.cell} ${row.passes ? '' : styles.failing}`}>
                {row.passes ? 'AA' : 'under AA'}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

export function Studio() {
  const params = new URLSearchParams(location.search);
  // The route picker follows a saved config (applied in place by src/engine/config.ts).
  useSyncExternalStore(subscribeConfig, getConfigRevision);
  const routes = routeChoices(appConfig.routes);
  const [route, setRoute] = useState(params.get('route') ?? '/pages/home/index');
  const [query, setQuery] = useState(params.get('query') ?? demoQueries[0]);
  const [locale, setLocale] = useState(params.get('locale') ?? 'zh-CN');
  const [layout, setLayout] = useState<'themes' | 'sizes'>(
    params.get('layout') === 'sizes' ? 'sizes' : 'themes',
  );
  const [tab, setTab] = useState<'frames' | 'contrast'>('frames');
  const themes = params.get('themes')?.split(',') ?? studioThemeNames;
  const variants = params.get('variants')?.split(',') ?? ['default', 'channel'];
  const problems = useConfigProblems();
  // Frames come back (reloaded) when a config error is fixed.
  const generation = problems.length === 0 ? 1 : 0;
  const base = `${import.meta.env.BASE_URL}`;
  const frames = framesFor({ base, route, query, locale, themes, variants, layout });

  return (
    <main className={`${themeClassName('lightblue', 'default')} ${styles.page}`}>
      <h1>livev3 studio</h1>
      <div className={styles.toolbar}>
        <div className={styles.control}>
          <Field label="Route">
            {(control) => (
              <select
                {...control}
                className={input()}
                value={route}
                onChange={(e) => setRoute(e.target.value)}
              >
                {routes.map((path) => (
                  <option key={path}>{path}</option>
                ))}
              </select>
            )}
          </Field>
        </div>
        <div className={styles.control}>
          <Field label="Demo data">
            {(control) => (
              <>
                <input
                  {...control}
                  className={input()}
                  list="studio-demo-queries"
                  value={query}
                  onChange={(e) => setQuery(e.target.value)}
                />
                <datalist id="studio-demo-queries">
                  {demoQueries.map((value) => (
                    <option key={value} value={value} />
                  ))}
                </datalist>
              </>
            )}
          </Field>
        </div>
        <div className={styles.control}>
          <Field label="Language">
            {(control) => (
              <select
                {...control}
                className={input()}
                value={locale}
                onChange={(e) => setLocale(e.target.value)}
              >
                {appConfig.constants.locales.map((code) => (
                  <option key={code}>{code}</option>
                ))}
              </select>
            )}
          </Field>
        </div>
        <div className={styles.control}>
          <Field label="Layout">
            {(control) => (
              <select
                {...control}
                className={input()}
                value={layout}
                onChange={(e) => setLayout(e.target.value === 'sizes' ? 'sizes' : 'themes')}
              >
                <option value="themes">every theme x variant</option>
                <option value="sizes">one theme, phone sizes</option>
              </select>
            )}
          </Field>
        </div>
        <button
          type="button"
          className={button({ tone: tab === 'frames' ? 'primary' : 'secondary', size: 'sm' })}
          aria-pressed={tab === 'frames'}
          onClick={() => setTab('frames')}
        >
          Frames
        </button>
        <button
          type="button"
          className={button({ tone: tab === 'contrast' ? 'primary' : 'secondary', size: 'sm' })}
          aria-pressed={tab === 'contrast'}
          onClick={() => setTab('contrast')}
        >
          Contrast
        </button>
      </div>
      {tab === 'contrast' ? (
        <ContrastTable />
      ) : problems.length > 0 ? (
        <section role="alert" className={styles.problems} aria-labelledby="problems-title">
          <h2 id="problems-title">Config error: fix the file and the frames come back</h2>
          <ul>
            {problems.map((problem) => (
              <li key={`${problem.file}#${problem.pointer}:${problem.message}`}>
                {problem.file}#{problem.pointer}: {problem.message}
                {problem.hint ? ` (${problem.hint})` : ''}
              </li>
            ))}
          </ul>
        </section>
      ) : (
        <div className={styles.grid}>
          {frames.map((frame) => (
            <PhoneFrame key={frame.key} frame={frame} generation={generation} />
          ))}
        </div>
      )}
    </main>
  );
}
