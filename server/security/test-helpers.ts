/**
 * Set-up shared by tests only (no production code imports it): a fresh in-memory server, sessions, and requests with
 * a viewer's token.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { InjectOptions } from 'fastify';
import { buildServer, type BuildOptions } from '../app.ts';
import { startSession } from '../accounts/sessions.ts';
import { projectRoot } from '../config.ts';

export { freePort } from '../../scripts/services.ts';

export type App = Awaited<ReturnType<typeof buildServer>>;

export async function testServer(options: Partial<BuildOptions> = {}): Promise<App> {
  return buildServer({ databasePath: ':memory:', streamSecret: 'test-stream-secret', ...options });
}

let nextUser = 9000;
/** A new viewer with a session started on the server's clock; answers its id and token. */
export async function newViewer(app: App, nickname = 'abuser'): Promise<{ userId: number; token: string }> {
  const userId = nextUser++;
  await app.sql
    .insertInto('users')
    .values({ id: userId, nickname: `${nickname}-${userId}`, created_at: app.now() })
    .execute();
  return { userId, token: await startSession(app.sql, userId, app.now()) };
}

export async function call(app: App, options: InjectOptions & { token?: string }) {
  const { token, headers, ...rest } = options;
  const response = await app.inject({
    ...rest,
    headers: { ...(headers ?? {}), ...(token ? { authorization: `Bearer ${token}` } : {}) },
  });
  return response;
}

/**
 * The WeChat settings production refuses to start without, complete: a merchant key and a platform public key made
 * for the test and written to `dir`, with the ids and secrets beside them.
 */
export function productionWechatSettings(dir: string): Record<string, string> {
  const pair = () =>
    crypto.generateKeyPairSync('rsa', {
      modulusLength: 2048,
      publicKeyEncoding: { type: 'spki', format: 'pem' },
      privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    });
  fs.writeFileSync(path.join(dir, 'apiclient_key.pem'), pair().privateKey);
  fs.writeFileSync(path.join(dir, 'pub_key.pem'), pair().publicKey);
  return {
    WECHAT_APP_ID: 'wx1234567890abcdef',
    WECHAT_APP_SECRET: 'app-secret',
    WECHAT_MCH_ID: '1900000109',
    WECHAT_PAY_API_V3_KEY: '0123456789abcdef0123456789abcdef',
    WECHAT_PAY_PRIVATE_KEY_FILE: path.join(dir, 'apiclient_key.pem'),
    WECHAT_PAY_SERIAL_NO: '5157F09EFDC096DE15EBE81A47057A7232F1B8E1',
    WECHAT_PAY_PLATFORM_PUBLIC_KEY_FILE: path.join(dir, 'pub_key.pem'),
    WECHAT_PAY_PLATFORM_SERIAL: 'PUB_KEY_ID_0114232134912410000000000000',
  };
}

/**
 * The SMS settings production refuses to start without (phone codes on): an account of the provider with its
 * approved signature and template. Nothing is sent with them in a test: the provider's endpoint is not reachable.
 */
export function productionSmsSettings(): Record<string, string> {
  return {
    SMS_SECRET_ID: 'AKIDtest0production0sms00000000000',
    SMS_SECRET_KEY: 'test-production-sms-secret-key00',
    SMS_SDK_APP_ID: '1400006666',
    SMS_SIGN_NAME: 'livev3',
    SMS_TEMPLATE_ID: '1110',
  };
}

export type StartedProcess = {
  child: ChildProcess;
  /** Once it exits (its code) or says it runs (code null), with what it printed so far. */
  done: Promise<{ code: number | null; stdout: string; stderr: string }>;
};

/**
 * Starts the real process (server/main.ts, or `command` that runs it, such as npm's script) on `port` with `env` as
 * its whole environment beside the port: a test passes `...process.env` when it wants the developer's.
 */
export function startProcess(
  port: number,
  env: Record<string, string | undefined>,
  command = [process.execPath, '--import', 'tsx', 'server/main.ts'],
): StartedProcess {
  const [program = process.execPath, ...args] = command;
  const child = spawn(program, args, {
    cwd: projectRoot,
    env: { ...env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  const done = new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    child.stdout.on('data', (data: Buffer) => {
      stdout += data.toString();
      if (stdout.includes('livev3 is running')) resolve({ code: null, stdout, stderr });
    });
    child.stderr.on('data', (data: Buffer) => (stderr += data.toString()));
    child.on('exit', (code) => resolve({ code, stdout, stderr }));
  });
  return { child, done };
}
