/**
 * The layer rule of eslint.config.js (import-x/no-restricted-paths on resolved paths), checked two ways with the
 * project's whole config:
 * - the fixtures of scripts/lint/layer-fixtures/ (`.ts` and `.tsx`, every layer), each linted at its place in src/:
 *   each line marked `// fails: <message>` fails with that message, every other line passes;
 * - every module of src/ gets the rule at error with the same zones, so no later block turns it off or narrows it
 *   for some files (a block scoped to `src/features/**\/*.tsx` would leave the feature components unchecked).
 * The last test adds such blocks and sees both checks fail.
 */
import fs from 'node:fs';
import path from 'node:path';
import { ESLint, type Linter } from 'eslint';
import { describe, expect, it } from 'vitest';
import { projectRoot } from './config/check';

const rule = 'import-x/no-restricted-paths';
/** The layer rule, and the rule that keeps import() to paths it can resolve. */
const rules = [rule, 'no-restricted-syntax'];
const fixturesDir = path.join(projectRoot, 'scripts/lint/layer-fixtures');
const src = path.join(projectRoot, 'src');

function modules(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return modules(file);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [file] : [];
  });
}

/**
 * Where the fixtures break the layers and where they keep them: what the rule reported that no line expects, and
 * which expected failure it did not report.
 */
async function fixtureMismatches(eslint: ESLint): Promise<string[]> {
  const mismatches: string[] = [];
  for (const fixture of modules(fixturesDir)) {
    const place = path.join(src, path.relative(fixturesDir, fixture));
    const shown = path.relative(projectRoot, place);
    const text = fs.readFileSync(fixture, 'utf8');
    const [result] = await eslint.lintText(text, { filePath: place });
    const lines = text.split('\n');
    const reported = result.messages.filter(
      (message) => rules.includes(message.ruleId ?? '') || message.fatal,
    );
    lines.forEach((line, index) => {
      const expected = /\/\/ fails: (.+)$/.exec(line)?.[1];
      const found = reported.filter((message) => message.line === index + 1);
      if (expected && !found.some((message) => message.message.includes(expected)))
        mismatches.push(`${shown}:${index + 1} passes, but must fail with "${expected}"`);
      if (!expected && found.length)
        mismatches.push(`${shown}:${index + 1} fails: ${found.map((m) => m.message).join('; ')}`);
    });
  }
  return mismatches;
}

/** The rules' entries for one file, as ESLint resolves them from the whole config. */
async function entries(eslint: ESLint, file: string) {
  const config = (await eslint.calculateConfigForFile(file)) as Linter.Config | undefined;
  return rules.map((name) => config?.rules?.[name] ?? 'off');
}

/** The modules of src/ that do not get the rules as src/lib/api.ts does: off, or with other options. */
async function modulesOffTheRule(eslint: ESLint): Promise<string[]> {
  const whole = JSON.stringify(await entries(eslint, path.join(src, 'lib/api.ts')));
  const off: string[] = [];
  for (const file of modules(src))
    if (JSON.stringify(await entries(eslint, file)) !== whole) off.push(path.relative(projectRoot, file));
  return off;
}

const projectLint = new ESLint({ cwd: projectRoot });

// Linting every fixture and resolving the config of every module takes seconds, more on a busy machine.
describe('lint: layers', { timeout: 120_000 }, () => {
  it('covers .ts and .tsx fixtures in every layer', () => {
    const fixtures = modules(fixturesDir).map((file) => path.relative(fixturesDir, file));
    for (const layer of ['lib', 'ui', 'features', 'blocks', 'pages', 'app'])
      for (const extension of ['.ts', '.tsx'])
        expect(fixtures.some((file) => file.startsWith(`${layer}/`) && file.endsWith(extension))).toBe(true);
  });

  it('fails each fixture line that breaks the layers, and only those', async () => {
    expect(await fixtureMismatches(projectLint)).toEqual([]);
  });

  it('applies to every module of src/ with the same zones', async () => {
    expect(modules(src).length).toBeGreaterThan(300);
    for (const entry of await entries(projectLint, path.join(src, 'lib/api.ts'))) expect(entry).toContain(2);
    expect(await modulesOffTheRule(projectLint)).toEqual([]);
  });

  it('would notice a block that turns the rule off or narrows it for some files', async () => {
    const featureComponents = modules(path.join(src, 'features')).filter((file) => file.endsWith('.tsx'));
    const turnedOff = new ESLint({
      cwd: projectRoot,
      overrideConfig: { files: ['src/features/**/*.tsx'], rules: { [rule]: 'off' } },
    });
    expect(await modulesOffTheRule(turnedOff)).toEqual(
      featureComponents.map((file) => path.relative(projectRoot, file)),
    );
    expect(await fixtureMismatches(turnedOff)).toContainEqual(
      expect.stringMatching(/^src\/features\/gift\/Fixture\.tsx:\d+ passes, but must fail/),
    );

    const narrowed = new ESLint({
      cwd: projectRoot,
      overrideConfig: {
        files: ['src/blocks/**/*.ts'],
        rules: {
          [rule]: ['error', { basePath: projectRoot, zones: [{ target: 'src/blocks', from: 'src/app' }] }],
        },
      },
    });
    const offTheRule = await modulesOffTheRule(narrowed);
    expect(offTheRule.length).toBeGreaterThan(0);
    expect(offTheRule.every((file) => /^src\/blocks\/.*\.ts$/.test(file))).toBe(true);
    expect(await fixtureMismatches(narrowed)).toContainEqual(
      expect.stringMatching(/^src\/blocks\/vote-contest\/fixture\.ts:\d+ /),
    );
  });
});
