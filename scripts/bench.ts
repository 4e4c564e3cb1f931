/**
 * `npm run bench`: runs every scripts/bench/<name>.ts that exports `run()`, prints one table and writes
 * bench/results.json: `{ "measuredAt": ISO date, "machine": {...}, "rows": [{ group, name, value, unit, goal? }] }`.
 * `--json` prints the JSON only; `--only=client,server` runs a subset. The Lighthouse bench reads its own flags,
 * `--pages=live-room,shop` and `--runs=1` (scripts/bench/lighthouse.ts).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { projectRoot } from './config/check.ts';
import type { BenchRow } from './bench/types.ts';

const only = process.argv
  .find((arg) => arg.startsWith('--only='))
  ?.slice(7)
  .split(',');
const dir = path.join(projectRoot, 'scripts/bench');
const rows: BenchRow[] = [];
for (const file of fs
  .readdirSync(dir)
  .filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'))
  .sort()) {
  const name = file.replace(/\.ts$/, '');
  if (only && !only.includes(name)) continue;
  const module = (await import(pathToFileURL(path.join(dir, file)).href)) as {
    run?: () => Promise<BenchRow[]>;
  };
  if (typeof module.run !== 'function') continue;
  if (!process.argv.includes('--json')) console.error(`bench: ${name}...`);
  rows.push(...(await module.run()));
}

const result = {
  measuredAt: new Date().toISOString(),
  machine: { cpus: os.cpus().length, cpu: os.cpus()[0]?.model, node: process.version },
  rows,
};
fs.mkdirSync(path.join(projectRoot, 'bench'), { recursive: true });
fs.writeFileSync(path.join(projectRoot, 'bench/results.json'), `${JSON.stringify(result, null, 2)}\n`);

if (process.argv.includes('--json')) {
  console.log(JSON.stringify(result, null, 2));
} else {
  const widths = [40, 56, 10, 6, 10];
  const line = (cells: string[]) =>
    cells
      .map((cell, i) => cell.padEnd(widths[i]))
      .join(' ')
      .trimEnd();
  console.log(line(['group', 'name', 'value', 'unit', 'goal']));
  console.log('-'.repeat(widths.reduce((a, b) => a + b + 1, 0)));
  for (const row of rows)
    console.log(line([row.group, row.name, String(row.value), row.unit, row.goal ?? '']));
  console.log(`\nwritten to bench/results.json`);
}
process.exit(0);
