/**
 * The one-clock rule of eslint.config.js (scripts/lint/no-real-clock.js) on small source texts at virtual paths: every
 * read of the real clock in server/ or src/ fails the lint, the clock modules themselves and the injected clock pass.
 */
import { describe, expect, it } from 'vitest';
import { ruleMessages } from './lint/lint-text';

const clockErrors = (filePath: string, code: string) =>
  ruleMessages(filePath, code, ['livev3/no-real-clock']);

describe('lint: one clock', () => {
  it.each([
    ['server/routes/x.ts', 'export const at = Date.now();', 'Date.now'],
    ['server/auth/x.ts', 'export function f(now = Date.now()) { return now; }', 'Date.now'],
    ['server/x.ts', 'export const clock: () => number = Date.now;', 'Date.now'],
    ['server/x.ts', "export const clock = Date['now'];", 'Date.now'],
    ['server/wechat/x.ts', 'export const stamp = new Date().toISOString();', 'new Date()'],
    ['server/x.test.ts', 'export const text = Date();', 'Date()'],
    ['src/features/x/x.ts', 'export const at = Date.now();', 'src/lib/clock.ts'],
    ['src/ui/x/X.tsx', 'export const today = new Date();', 'new Date()'],
  ])('%s: %s fails', async (filePath, code, message) => {
    const errors = await clockErrors(filePath, code);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain(message);
  });

  it.each([
    ['server/clock.ts', 'export const systemClock = () => Date.now();'],
    ['src/lib/clock.ts', 'export const now = () => Date.now();'],
    ['server/routes/x.ts', 'export const at = (now: () => number) => new Date(now()).toISOString();'],
    ['server/x.ts', "export const parsed = new Date('2026-01-01T00:00:00Z');"],
    ['server/x.ts', 'export const started = performance.now();'],
    ['scripts/x.ts', 'export const at = Date.now();'],
  ])('%s: %s passes', async (filePath, code) => {
    expect(await clockErrors(filePath, code)).toEqual([]);
  });
});
