/**
 * The server suites a year from now (`npm run test:later`): the same tests, in processes whose real clock is moved a
 * year ahead by libfaketime (Debian's faketime, installed when missing like the other test tools). Tests that fix the
 * clock must pass whatever the real date; a path that reads the real clock where the rest takes the injected one
 * (the lint rule livev3/no-real-clock refuses it) or seeded data that expires shows up here as a failure.
 * Extra arguments: `--ahead=<days>` (default 365) and test files instead of server/.
 */
import { spawnSync } from 'node:child_process';
import { ensureInstalled, FAKETIME } from './services.ts';

const args = process.argv.slice(2);
const ahead = Number(args.find((arg) => arg.startsWith('--ahead='))?.slice('--ahead='.length) ?? 365);
if (!Number.isInteger(ahead)) throw new Error(`--ahead takes whole days, not ${ahead}`);
const files = args.filter((arg) => !arg.startsWith('--ahead='));

ensureInstalled({ faketime: true });
const env = {
  ...process.env,
  // Timers and measured durations keep the machine's monotonic clock: only the date moves.
  FAKETIME_DONT_FAKE_MONOTONIC: '1',
};
console.log(`Server suites with the clock ${ahead} days ahead (faketime)...`);
const run = spawnSync(
  FAKETIME,
  ['-f', `${ahead >= 0 ? '+' : ''}${ahead}d`, 'npx', 'vitest', 'run', ...(files.length ? files : ['server'])],
  { stdio: 'inherit', env },
);
process.exit(run.status ?? 1);
