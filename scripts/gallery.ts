/**
 * `npm run gallery`: writes gallery/index.html, every screen x theme x variant side by side from the committed
 * screenshot baselines (rows = screens, columns = theme/variant), for designers to review. Open it in a browser.
 */
import fs from 'node:fs';
import path from 'node:path';
import { projectRoot } from './config/check.ts';

const baselines = path.join(projectRoot, 'tests/screenshots/__baselines__');
const out = path.join(projectRoot, 'gallery');
const escape = (text: string) => text.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);

const columns = fs.existsSync(baselines) ? fs.readdirSync(baselines).sort() : [];
const screens = [
  ...new Set(columns.flatMap((column) => fs.readdirSync(path.join(baselines, column)))),
].sort();

const rows = screens.map((screen) => {
  const cells = columns.map((column) => {
    const file = path.join(baselines, column, screen);
    const src = path.relative(out, file).split(path.sep).join('/');
    return fs.existsSync(file)
      ? `<td><a href="${escape(src)}"><img src="${escape(src)}" alt="${escape(`${screen} in ${column}`)}" loading="lazy"></a></td>`
      : '<td class="missing">missing</td>';
  });
  return `<tr><th scope="row">${escape(screen.replace(/\.png$/, ''))}</th>${cells.join('')}</tr>`;
});

fs.mkdirSync(out, { recursive: true });
fs.writeFileSync(
  path.join(out, 'index.html'),
  `<!doctype html><meta charset="utf-8"><title>livev3 screens x themes</title>
<style>body{font:14px system-ui,sans-serif;margin:16px}table{border-collapse:collapse}th,td{padding:6px;vertical-align:top;border:1px solid #ddd}
thead th{position:sticky;top:0;background:#fff}img{width:195px;display:block}.missing{color:#b00}</style>
<h1>livev3: ${screens.length} screens x ${columns.length} theme variants</h1>
<table><thead><tr><th></th>${columns.map((c) => `<th scope="col">${escape(c)}</th>`).join('')}</tr></thead>
<tbody>${rows.join('\n')}</tbody></table>\n`,
);
console.log(
  `Gallery: ${path.relative(projectRoot, path.join(out, 'index.html'))} (${screens.length} screens x ${columns.length} columns)`,
);
