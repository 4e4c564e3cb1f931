/**
 * Item 9: the upload token was issued without login and one token uploaded unlimited files of up to 300 MB. Now:
 * login required, a key prefix per token and one file per token on the local host, tokens per viewer per hour,
 * bytes per viewer per day, and size and type limits in the put policy (what real Qiniu enforces).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UploadSettings } from '../uploads/settings.ts';
import { verifyUploadToken } from '../uploads/token.ts';
import { call, newViewer, testServer, type App } from './test-helpers.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'livev3-upload-abuse-'));
const settings: UploadSettings = {
  dir,
  keys: { accessKey: 'ak', secretKey: 'sk' },
  bucket: 'livev3',
  maxImageBytes: 64 * 1024,
  maxVideoBytes: 256 * 1024,
  tokenTtlSeconds: 3600,
  tokensPerHour: 5,
  dailyBytes: 5_000,
  qiniu: null,
};
let app: App;
let clock = 1_800_000_000_000;
beforeAll(async () => {
  app = await testServer({ now: () => clock, uploads: settings });
}, 60_000);
afterAll(async () => {
  await app.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const png = (size: number) =>
  Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    crypto.randomBytes(size - 8),
  ]);

async function tokenFor(session?: string) {
  return (await call(app, { url: '/v3/api/qiniu/upload/token', token: session })).json();
}

async function formUpload(uptoken: string, key: string, file: Buffer) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(file)]), 'a.png');
  form.append('token', uptoken);
  form.append('key', key);
  const encoded = new Request('http://local/', { method: 'POST', body: form });
  return app.inject({
    method: 'POST',
    url: '/qiniu-up/',
    payload: Buffer.from(await encoded.arrayBuffer()),
    headers: { 'content-type': encoded.headers.get('content-type') ?? '' },
  });
}

describe('uploads need a login and are bounded per viewer', () => {
  it('refuses a token to anonymous viewers', async () => {
    expect(await tokenFor()).toMatchObject({ xcode: 401, data: null });
  });

  it('stores one file per token', async () => {
    const viewer = await newViewer(app, 'uploader');
    const { data } = await tokenFor(viewer.token);
    expect(data.prefix).toMatch(new RegExp(`^livev3/${viewer.userId}/\\d{8}/[0-9a-f]{24}/$`));
    expect((await formUpload(data.uptoken, `${data.prefix}one.png`, png(500))).statusCode).toBe(200);
    const second = await formUpload(data.uptoken, `${data.prefix}two.png`, png(500));
    expect(second.statusCode).toBe(403);
    expect(second.json()).toMatchObject({ xcode: 403, msg: expect.stringMatching(/already stored/) });
  });

  it('binds a token to its own prefix: not another viewer’s, not another token’s', async () => {
    const viewer = await newViewer(app, 'uploader');
    const first = (await tokenFor(viewer.token)).data;
    const second = (await tokenFor(viewer.token)).data;
    expect(first.prefix).not.toBe(second.prefix);
    const foreign = await formUpload(first.uptoken, `${second.prefix}x.png`, png(500));
    expect(foreign.statusCode).toBe(403);
  });

  it('limits tokens per viewer per hour', async () => {
    const viewer = await newViewer(app, 'uploader');
    for (let i = 0; i < 5; i++) expect((await tokenFor(viewer.token)).xcode).toBe(200);
    expect(await tokenFor(viewer.token)).toMatchObject({ xcode: 429, data: null });
    clock += 3601_000;
    expect((await tokenFor(viewer.token)).xcode).toBe(200);
  });

  it('limits the bytes a viewer stores per day', async () => {
    const viewer = await newViewer(app, 'uploader');
    const stored: number[] = [];
    for (let i = 0; i < 4; i++) {
      const { data } = await tokenFor(viewer.token);
      stored.push((await formUpload(data.uptoken, `${data.prefix}q${i}.png`, png(2_000))).statusCode);
    }
    expect(stored).toEqual([200, 200, 403, 403]);
  });

  it('puts the size and type limits in the policy, so real Qiniu enforces them too', async () => {
    const viewer = await newViewer(app, 'uploader');
    const { data } = await tokenFor(viewer.token);
    expect(verifyUploadToken(settings.keys, data.uptoken, clock)).toMatchObject({
      fsizeLimit: 256 * 1024,
      mimeLimit: 'image/*;video/*',
      insertOnly: 1,
      endUser: String(viewer.userId),
    });
  });

  it('refuses a validly signed token that was never issued', async () => {
    const { signUploadToken } = await import('../uploads/token.ts');
    const forged = signUploadToken(settings.keys, {
      scope: 'livev3:livev3/0/20270101/',
      isPrefixalScope: 1,
      deadline: clock / 1000 + 60,
      endUser: '0',
    });
    expect((await formUpload(forged, 'livev3/0/20270101/x.png', png(500))).statusCode).toBe(401);
  });
});
