/**
 * A fresh production database: the start seeds nothing and says how to make the first owner; `npm run organiser --
 * create` makes one (on SQLite, and on PostgreSQL in the PostgreSQL run), who then acts as the owner of the
 * organisation it made. Both run the real processes (server/main.ts, server/organiser-cli.ts).
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { projectRoot } from '../config.ts';
import { isPostgresUrl, openData } from '../db/open.ts';
import { testDatabase } from '../db/test-database.ts';
import { seedDemo } from '../seed/demo.ts';
import { productionWechatSettings } from '../security/test-helpers.ts';
import { hasOwner, ownerInputProblems } from './first-owner.ts';
import { requireOrganiserRole, roleIn } from './roles.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'livev3-first-owner-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/** Runs a TypeScript entry of the server to its end; answers its exit code and what it printed. */
function run(args: string[], env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', ...args], {
    cwd: projectRoot,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (data: Buffer) => (output += data.toString()));
  child.stderr.on('data', (data: Buffer) => (output += data.toString()));
  return new Promise((resolve) => child.on('exit', (code) => resolve({ code, output })));
}

describe('a production start on an empty database', () => {
  it('seeds nothing and prints how to create the first owner', async () => {
    const port = await freePort();
    const databasePath = path.join(dir, 'production.db');
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      cwd: projectRoot,
      env: {
        ...process.env,
        ...productionWechatSettings(dir),
        NODE_ENV: 'production',
        PORT: String(port),
        DATABASE_PATH: databasePath,
        UPLOAD_DIR: path.join(dir, 'uploads'),
        DIST_DIR: path.join(dir, 'no-dist'),
        PUBLIC_ORIGIN: `http://127.0.0.1:${port}`,
        STREAM_SECRET: 'first-owner-stream-secret',
        PHONE_CODES: 'off',
        RTMP_PORT: '0',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    const output = await new Promise<string>((resolve, reject) => {
      let text = '';
      const onData = (data: Buffer) => {
        text += data.toString();
        if (text.includes('npm run organiser -- create')) resolve(text);
      };
      child.stdout.on('data', onData);
      child.stderr.on('data', onData);
      child.on('exit', (code) => reject(new Error(`server exited (${code}) without the hint: ${text}`)));
    });
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(output).toContain(
      'No organiser yet: create the first owner with `npm run organiser -- create --organisation <name> --phone <number> [--email <address>]`',
    );
    expect(output).toContain(`http://127.0.0.1:${port}/livev3/console/`);
    const db = new Database(databasePath, { readonly: true });
    const count = (table: string) =>
      (db.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n;
    const counts = ['events', 'users', 'organisations', 'contests', 'channels', 'shop_products'].map(count);
    db.close();
    expect(counts).toEqual([0, 0, 0, 0, 0, 0]);
  }, 60_000);
});

describe('npm run organiser -- create', () => {
  /** A database of its own: an empty SQLite file, or in the PostgreSQL run a fresh PostgreSQL database. */
  async function database(): Promise<{
    env: Record<string, string>;
    options: { databasePath: string; databaseUrl?: string };
    drop: () => Promise<void>;
  }> {
    const testUrl = process.env.TEST_DATABASE_URL;
    if (isPostgresUrl(testUrl)) {
      const created = await testDatabase(testUrl, seedDemo);
      return {
        env: { DATABASE_URL: created.url },
        options: { databasePath: ':memory:', databaseUrl: created.url },
        drop: created.drop,
      };
    }
    const databasePath = path.join(dir, `organiser-${Math.random().toString(36).slice(2)}.db`);
    return { env: { DATABASE_PATH: databasePath }, options: { databasePath }, drop: async () => {} };
  }

  it('creates the organisation and the account, and makes it the owner', async () => {
    const target = await database();
    try {
      const made = await run(
        [
          'server/organiser-cli.ts',
          'create',
          '--organisation',
          '星光演艺',
          '--phone',
          '13912340001',
          '--email',
          'Owner@Example.test',
        ],
        { ...target.env, PUBLIC_ORIGIN: 'https://live.example.test' },
      );
      expect(made.output).toContain('is its owner');
      expect(made.output).toContain('https://live.example.test/livev3/console/');
      expect(made.code).toBe(0);
      const data = await openData(target.options);
      try {
        const user = await data.sql
          .selectFrom('users')
          .select(['id', 'email'])
          .where('phone', '=', '13912340001')
          .executeTakeFirstOrThrow();
        expect(user.email).toBe('owner@example.test');
        const organisation = await data.sql
          .selectFrom('organisations')
          .select('id')
          .where('name', '=', '星光演艺')
          .executeTakeFirstOrThrow();
        expect(await roleIn(data.sql, user.id, organisation.id)).toBe('owner');
        expect(await hasOwner(data.sql)).toBe(true);
        // The owner passes the owner's checks of its organisation, and only there.
        await expect(
          requireOrganiserRole(data.sql, user.id, organisation.id, 'download'),
        ).resolves.toBeUndefined();
        await expect(
          requireOrganiserRole(data.sql, user.id, organisation.id + 1000, 'download'),
        ).rejects.toThrow();
        // Again: the same organisation and account, nothing doubled.
        const again = await run(
          ['server/organiser-cli.ts', 'create', '--organisation', '星光演艺', '--phone', '13912340001'],
          target.env,
        );
        expect(again.code).toBe(0);
        expect(again.output).toContain('Found organisation');
        const owners = await data.sql
          .selectFrom('organisation_members')
          .select('user_id')
          .where('organisation_id', '=', organisation.id)
          .execute();
        expect(owners).toEqual([{ user_id: user.id }]);
      } finally {
        await data.close();
      }
    } finally {
      await target.drop();
    }
  }, 60_000);

  it('refuses a bad command line with every problem and the usage', async () => {
    const refused = await run(['server/organiser-cli.ts', 'create', '--phone', '12345'], {
      DATABASE_PATH: path.join(dir, 'never.db'),
    });
    expect(refused.code).toBe(1);
    expect(refused.output).toContain('--organisation <name> is required');
    expect(refused.output).toContain('--phone: "12345" is no mainland mobile number');
    expect(refused.output).toContain('Usage: npm run organiser -- create');
    expect(fs.existsSync(path.join(dir, 'never.db'))).toBe(false);
    expect(ownerInputProblems({ organisation: 'A', phone: '13900000000', email: 'x' })).toEqual([
      '--email: "x" is no e-mail address',
    ]);
  }, 30_000);
});
