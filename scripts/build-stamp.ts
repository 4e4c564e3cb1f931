/**
 * Whether the built app is current: a SHA-256 over every file the build reads (the app's sources, config, themes,
 * schemas, public files, index.html, the Vite config and the build's own scripts, the dependency lock), compared with
 * the stamp written into the build folder after a successful build. `npm start` rebuilds only when they differ
 * (scripts/build-if-changed.ts); `npm run build` always builds.
 *
 * Contents are hashed, not modification times, so a checkout or a `touch` that changes nothing costs no build, and
 * an edit always does. The stamp also keeps the hash of the built index.html: a build made since by other means
 * (`npm run build`, `npm test`) from other sources is not taken for the stamped one.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * The folder config/ and themes/ are built from: LIVEV3_CONFIG_ROOT or the project (what scripts/config-root.ts
 * answers, read here without loading the config check it sits beside, which would slow every `npm start`).
 */
export function configRootOf(projectRoot: string, env: NodeJS.ProcessEnv = process.env): string {
  const value = env.LIVEV3_CONFIG_ROOT;
  return value ? path.resolve(value) : projectRoot;
}

/** The stamp's file in the build folder (a dotfile: the static server does not serve it). */
export const STAMP_FILE = '.build-stamp.json';

/** Inputs under the project (folders are read whole). `config/` and `themes/` come from the config root. */
export const PROJECT_INPUTS = [
  'src',
  'schemas',
  'public',
  'index.html',
  'vite.config.ts',
  'tsconfig.json',
  'package.json',
  'package-lock.json',
  // The build's plugins (vite.config.ts imports them) and the config check `npm run build` runs first.
  'scripts/config',
  'scripts/config-check.ts',
  'scripts/config-check-plugin.ts',
  'scripts/config-root.ts',
  'scripts/i18n-types.ts',
  'scripts/paint-shell.ts',
  'scripts/precompress.ts',
  'scripts/route-preload.ts',
  // The organiser console, built by the same `vite build` (scripts/console-build.ts).
  'console',
  'scripts/console-build.ts',
];
export const CONFIG_ROOT_INPUTS = ['config', 'themes'];

/** What the build writes among its inputs (the i18n key types, regenerated from the locales), and tests. */
const IGNORED = [/(^|\/)\./, /\.(test|spec)\.tsx?$/, /^src\/locales\/resources\.gen\.d\.ts$/];

export type Stamp = {
  /** Hash of the inputs when the build started. */
  inputs: string;
  /** Hash of the index.html that build wrote. */
  index: string;
  /** When it finished (ISO 8601). */
  builtAt: string;
};

function filesUnder(root: string, relative: string): string[] {
  const full = path.join(root, relative);
  let stat: fs.Stats;
  try {
    stat = fs.statSync(full);
  } catch {
    return [];
  }
  if (!stat.isDirectory()) return [relative];
  return fs
    .readdirSync(full)
    .flatMap((name) => (name === 'node_modules' ? [] : filesUnder(root, path.posix.join(relative, name))));
}

/** Every input file as [label, absolute path]; the label says where it came from, so a moved file changes the hash. */
export function inputFiles(projectRoot: string, configRoot = projectRoot): [string, string][] {
  const from = (root: string, label: string, entries: string[]) =>
    entries
      .flatMap((entry) => filesUnder(root, entry))
      .filter((file) => !IGNORED.some((pattern) => pattern.test(file)))
      .map((file): [string, string] => [`${label}:${file}`, path.join(root, file)]);
  return [
    ...from(projectRoot, 'project', PROJECT_INPUTS),
    ...from(configRoot, 'config-root', CONFIG_ROOT_INPUTS),
  ].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}

/** The hash of every input's name and bytes. */
export function hashInputs(projectRoot: string, configRoot = projectRoot): string {
  const hash = crypto.createHash('sha256');
  for (const [label, file] of inputFiles(projectRoot, configRoot)) {
    hash.update(`${label}\0`);
    hash.update(fs.readFileSync(file));
    hash.update('\0');
  }
  return hash.digest('hex');
}

const fileHash = (file: string): string | null => {
  try {
    return crypto.createHash('sha256').update(fs.readFileSync(file)).digest('hex');
  } catch {
    return null;
  }
};

export function readStamp(distDir: string): Stamp | null {
  try {
    const stamp = JSON.parse(fs.readFileSync(path.join(distDir, STAMP_FILE), 'utf8')) as Partial<Stamp>;
    return typeof stamp.inputs === 'string' && typeof stamp.index === 'string' ? (stamp as Stamp) : null;
  } catch {
    return null;
  }
}

/** Why the build folder must be built again, or null when it is current for inputs hashing to `inputs`. */
export function staleBecause(distDir: string, inputs: string): string | null {
  const stamp = readStamp(distDir);
  if (!stamp) return fs.existsSync(path.join(distDir, 'index.html')) ? 'no build stamp' : 'no build yet';
  if (stamp.inputs !== inputs) return 'sources changed';
  if (fileHash(path.join(distDir, 'index.html')) !== stamp.index) return 'the build was replaced since';
  return null;
}

/** Records a successful build of inputs hashing to `inputs` (computed before it started). */
export function writeStamp(distDir: string, inputs: string, builtAt: Date): Stamp {
  const index = fileHash(path.join(distDir, 'index.html'));
  if (!index) throw new Error(`${distDir}/index.html is missing: the build did not finish`);
  const stamp: Stamp = { inputs, index, builtAt: builtAt.toISOString() };
  fs.writeFileSync(path.join(distDir, STAMP_FILE), `${JSON.stringify(stamp, null, 2)}\n`);
  return stamp;
}
