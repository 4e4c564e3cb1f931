/**
 * `npm run gallery`: writes gallery/index.html, every screen x theme x variant side by side (rows = screens, columns =
 * theme/variant), for designers to review. Open it in a browser.
 *
 * By default it shows the committed screenshot baselines. `npm run gallery -- --live` first builds the app and runs the
 * screenshot suite against the current code, shows what it renders now, and marks (red border, "differs") each cell
 * that no longer matches its baseline, with a link to the baseline.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { projectRoot } from './config/check.ts';

const live = process.argv.includes('--live');
const baselines = path.join(projectRoot, 'tests/screenshots/__baselines__');
const out = path.join(projectRoot, 'gallery');
const liveDir = path.join(out, 'live');
const escape = (text: string) => text.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);

function renderLive(): void {
  fs.rmSync(liveDir, { recursive: true, force: true });
  const run = (command: string, args: string[], env: NodeJS.ProcessEnv = {}) =>
    spawnSync(command, args, { cwd: projectRoot, stdio: 'inherit', env: { ...process.env, ...env } });
  if (run('npm', ['run', 'build']).status !== 0) process.exit(1);
  // Cells that differ fail their test: the run's exit code is expected to be non-zero then.
  // Other arguments go to Playwright (e.g. `--grep home` for some screens, `--grep channel` for the channel variant's columns).
  const extra = process.argv.slice(2).filter((arg) => arg !== '--live');
  run('npx', ['playwright', 'test', 'tests/screenshots', ...extra], { GALLERY_LIVE_DIR: liveDir });
}

if (live) renderLive();
const source = live ? liveDir : baselines;
const columns = fs.existsSync(source) ? fs.readdirSync(source).sort() : [];
const screens = [
  ...new Set(
    columns.flatMap((column) =>
      fs.readdirSync(path.join(source, column)).filter((name) => name.endsWith('.png')),
    ),
  ),
].sort();
let differing = 0;

const rows = screens.map((screen) => {
  const cells = columns.map((column) => {
    const file = path.join(source, column, screen);
    if (!fs.existsSync(file)) return '<td class="missing">missing</td>';
    const src = path.relative(out, file).split(path.sep).join('/');
    const alt = escape(`${screen} in ${column}`);
    const differs = live && fs.existsSync(file.replace(/\.png$/, '.differs'));
    if (differs) differing++;
    const baseline = path
      .relative(out, path.join(baselines, column, screen))
      .split(path.sep)
      .join('/');
    const note = differs ? `<a class="note" href="${escape(baseline)}">differs: baseline</a>` : '';
    return `<td${differs ? ' class="differs"' : ''}><a href="${escape(src)}"><img src="${escape(src)}" alt="${alt}" loading="lazy"></a>${note}</td>`;
  });
  return `<tr><th scope="row">${escape(screen.replace(/\.png$/, ''))}</th>${cells.join('')}</tr>`;
});

const title = live
  ? `livev3 (current code): ${screens.length} screens x ${columns.length} theme variants, ${differing} cells differ from their baseline`
  : `livev3: ${screens.length} screens x ${columns.length} theme variants`;
fs.mkdirSync(out, { recursive: true });
fs.writeFileSync(
  path.join(out, 'index.html'),
  `<!doctype html><meta charset="utf-8"><title>livev3 screens x themes</title>
<style>body{font:14px system-ui,sans-serif;margin:16px}table{border-collapse:collapse}th,td{padding:6px;vertical-align:top;border:1px solid #ddd}
thead th{position:sticky;top:0;background:#fff}img{width:195px;display:block}.missing{color:#b00}
.differs{outline:3px solid #c00;outline-offset:-3px}.note{display:block;color:#b00;font-weight:700}</style>
<h1>${escape(title)}</h1>
<table><thead><tr><th></th>${columns.map((c) => `<th scope="col">${escape(c)}</th>`).join('')}</tr></thead>
<tbody>${rows.join('\n')}</tbody></table>\n`,
);
console.log(
  `Gallery: ${path.relative(projectRoot, path.join(out, 'index.html'))} (${screens.length} screens x ${columns.length} columns${live ? `, ${differing} differ` : ''})`,
);
