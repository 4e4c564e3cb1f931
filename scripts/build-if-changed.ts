/**
 * `npm start`'s first step (scripts/start.ts): builds the app (`npm run build`) only when its sources changed since the
 * last build into the same folder (DIST_DIR, default dist/), by the stamp of scripts/build-stamp.ts. `npm run build`
 * builds anyway. Runs on its own too: `node --import tsx scripts/build-if-changed.ts`.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { configRootOf, hashInputs, readStamp, staleBecause, writeStamp } from './build-stamp.ts';

const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Builds unless the stamp says the build folder is current; exits the process when the build fails. */
export function buildIfChanged(env: NodeJS.ProcessEnv = process.env): void {
  const distDir = env.DIST_DIR ? path.resolve(env.DIST_DIR) : path.join(projectRoot, 'dist');
  const shown = distDir.startsWith(`${projectRoot}${path.sep}`)
    ? path.relative(projectRoot, distDir)
    : distDir;
  const inputs = hashInputs(projectRoot, configRootOf(projectRoot, env));
  const stale = staleBecause(distDir, inputs);
  if (!stale) {
    const { builtAt } = readStamp(distDir)!;
    console.log(
      `livev3: the app in ${shown}/ is up to date (built ${builtAt}); \`npm run build\` rebuilds it`,
    );
    return;
  }
  console.log(`livev3: building the app into ${shown}/ (${stale})`);
  const build = spawnSync('npm', ['run', 'build'], { cwd: projectRoot, stdio: 'inherit', env });
  if (build.status !== 0) process.exit(build.status ?? 1);
  writeStamp(distDir, inputs, new Date());
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) buildIfChanged();
