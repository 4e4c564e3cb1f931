/**
 * A console of its own for a browser test, as console.spec.ts makes one: a fresh database whose first owner
 * `npm run organiser -- create` makes, a server process on it (the suite's server holds the demo data), the owner's
 * e-mail sign-in (the development mail sink keeps the code), and the axe-core check the console's pages pass.
 */
import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import axe from 'axe-core';
import { devices, type Page } from '@playwright/test';
import { expect } from '../fixtures';

/** The console's desktop viewport (it is no phone page). */
export const desktop = {
  viewport: { width: 1280, height: 800 },
  isMobile: false,
  hasTouch: false,
  deviceScaleFactor: 1,
  userAgent: devices['Desktop Chrome'].userAgent,
};

export type FreshConsole = {
  base: string;
  ownerEmail: string;
  /** What the server wrote (its log), for a test that checks what it says. */
  output(): string;
  stop(): Promise<void>;
};

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/** A fresh database with its first owner (`phone`, `email`), and a server on it with an RTMP ingest of its own. */
export async function startFreshConsole(name: string, phone: string): Promise<FreshConsole> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `livev3-${name}-`));
  const ownerEmail = `owner@${name}.e2e.test`;
  const env = { ...process.env, DATABASE_PATH: path.join(dir, 'console.db'), NODE_ENV: 'test' };
  const made = execFileSync(
    'npm',
    [
      ...['run', '--silent', 'organiser', '--', 'create', '--organisation', '星光演艺'],
      ...['--phone', phone, '--email', ownerEmail],
    ],
    { env, encoding: 'utf8' },
  );
  expect(made).toContain('is its owner');
  const port = await freePort();
  // 0 turns the ingest off: a free port of its own instead.
  const rtmpPort = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: {
      ...env,
      PORT: String(port),
      PUBLIC_ORIGIN: base,
      DIST_DIR: process.env.DIST_DIR ?? 'dist',
      UPLOAD_DIR: path.join(dir, 'uploads'),
      BROADCAST_DIR: path.join(dir, 'broadcasts'),
      RATE_LIMIT_ALLOW: '127.0.0.1',
      RTMP_PORT: String(rtmpPort),
      RTMP_HOST: '127.0.0.1',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const onData = (data: Buffer) => {
      output += data.toString();
      if (output.includes('livev3 is running')) resolve();
    };
    server.stdout?.on('data', onData);
    server.stderr?.on('data', onData);
    server.on('exit', (code) => reject(new Error(`console test server exited (${code}): ${output}`)));
  });
  return {
    base,
    ownerEmail,
    output: () => output,
    async stop() {
      server.kill('SIGTERM');
      await new Promise((resolve) => server.once('exit', resolve));
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Signs in as the owner with a code mailed to the owner's address; the console opens the organisation's events. */
export async function signInByEmail(page: Page, fresh: FreshConsole) {
  await page.goto(`${fresh.base}/livev3/console/`);
  await page.getByRole('button', { name: '邮箱验证码登录' }).click();
  await page.getByLabel('邮箱').fill(fresh.ownerEmail);
  await page.getByRole('button', { name: '获取验证码' }).click();
  await expect(page.getByRole('status')).toHaveText('验证码已发送');
  const mail = await (await page.request.get(`${fresh.base}/dev/mail/last?email=${fresh.ownerEmail}`)).json();
  expect(mail.data.code).toMatch(/^\d{6}$/);
  await page.getByLabel('验证码', { exact: true }).fill(mail.data.code);
  await page.getByRole('button', { name: '登录', exact: true }).click();
  await expect(page).toHaveURL(/\/livev3\/console\/o\/\d+\/events$/);
}

export async function expectNoAxeViolations(page: Page) {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axe.source);
  const violations = await page.evaluate(async () => {
    const result = await (
      window as unknown as {
        axe: {
          run(options: object): Promise<{ violations: { id: string; nodes: { target: string[] }[] }[] }>;
        };
      }
    ).axe.run({ runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] } });
    return result.violations.map((violation) => ({
      id: violation.id,
      targets: violation.nodes.map((node) => node.target.join(' ')),
    }));
  });
  expect(violations).toEqual([]);
}
