import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from '../app';
import { startSession } from '../accounts/sessions';
import { QiniuEtag } from './etag';
import { readUploadSettings, type UploadSettings } from './settings';
import { signUploadToken, urlSafeBase64, verifyUploadToken } from './token';

let clock = 1_800_000_000_000;
let app: Awaited<ReturnType<typeof buildServer>>;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'livev3-upload-test-'));
// Small limits keep the size tests cheap; the rules are the same at 10 MB / 300 MB.
const settings: UploadSettings = {
  dir,
  keys: { accessKey: 'test-ak', secretKey: 'test-secret' },
  bucket: 'livev3',
  maxImageBytes: 64 * 1024,
  maxVideoBytes: 256 * 1024,
  tokenTtlSeconds: 3600,
  qiniu: null,
};

beforeAll(async () => {
  app = await buildServer({
    databasePath: ':memory:',
    mode: 'test',
    now: () => clock,
    publicOrigin: 'http://127.0.0.1:9',
    uploads: settings,
  });
});
afterAll(async () => {
  await app.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const png = (size: number) => Buffer.concat([PNG, crypto.randomBytes(size - PNG.length)]);
const mp4 = (size: number) =>
  Buffer.concat([Buffer.from('000000206674797069736f6d', 'hex'), crypto.randomBytes(size - 12)]);

type Token = { prefix: string; domain: string; uptoken: string; uphost: string };
/** A token for the seeded organiser (user 1): upload tokens need a logged-in viewer. */
async function token(headers?: Record<string, string>): Promise<Token> {
  headers ??= { authorization: `Bearer ${await startSession(app.sql, 1, clock)}` };
  const answer = (await app.inject({ url: '/v3/api/qiniu/upload/token?locale=en', headers })).json();
  expect(answer.xcode).toBe(200);
  return answer.data as Token;
}

async function formUpload(fields: Record<string, string>, file: Buffer | null, name = 'a.png') {
  const form = new FormData();
  if (file) form.append('file', new Blob([new Uint8Array(file)]), name);
  for (const [field, value] of Object.entries(fields)) form.append(field, value);
  const encoded = new Request('http://local/', { method: 'POST', body: form });
  return app.inject({
    method: 'POST',
    url: '/qiniu-up/',
    payload: Buffer.from(await encoded.arrayBuffer()),
    headers: { 'content-type': encoded.headers.get('content-type') ?? '' },
  });
}

const b64Key = (key: string) => urlSafeBase64(key);
const auth = (uptoken: string) => ({ authorization: `UpToken ${uptoken}` });

describe('upload token', () => {
  it('signs a policy for the logged-in viewer, with a key prefix of its own, that the host verifies', async () => {
    const data = await token();
    expect(data.prefix).toMatch(/^livev3\/1\/\d{8}\/[0-9a-f]{24}\/$/);
    expect(data.domain).toBe('http://127.0.0.1:9/uploads');
    expect(data.uphost).toBe('http://127.0.0.1:9/qiniu-up');
    const policy = verifyUploadToken(settings.keys, data.uptoken, clock);
    expect(policy).toMatchObject({
      scope: `livev3:${data.prefix}`,
      isPrefixalScope: 1,
      fsizeLimit: 256 * 1024,
      mimeLimit: 'image/*;video/*',
      endUser: '1',
      insertOnly: 1,
      deadline: clock / 1000 + 3600,
    });
    expect(() => verifyUploadToken({ ...settings.keys, secretKey: 'other' }, data.uptoken, clock)).toThrow(
      /signature/,
    );
    expect(() => verifyUploadToken(settings.keys, data.uptoken, clock + 3601_000)).toThrow(/expired/);
  });

  it('is refused without a login (server/security/uploads.test.ts has the abuse cases)', async () => {
    const answer = (await app.inject({ url: '/v3/api/qiniu/upload/token' })).json();
    expect(answer).toMatchObject({ xcode: 401, data: null });
  });

  it('the signature is Qiniu’s: HMAC-SHA1 over the encoded policy', () => {
    const policy = { scope: 'b:k', deadline: 1 };
    const encoded = urlSafeBase64(JSON.stringify(policy));
    const expected = urlSafeBase64(crypto.createHmac('sha1', 's').update(encoded).digest());
    expect(signUploadToken({ accessKey: 'a', secretKey: 's' }, policy)).toBe(`a:${expected}:${encoded}`);
  });

  it('names only a Qiniu region the contract lists (QINIU_REGION, default ECN)', () => {
    const qiniu = {
      QINIU_ACCESS_KEY: 'a',
      QINIU_SECRET_KEY: 's',
      QINIU_BUCKET: 'b',
      QINIU_DOMAIN: 'https://cdn/',
    };
    expect(readUploadSettings(dir, { ...qiniu, UPLOAD_DIR: dir }).qiniu?.region).toBe('ECN');
    expect(readUploadSettings(dir, { ...qiniu, UPLOAD_DIR: dir, QINIU_REGION: 'NA' }).qiniu?.region).toBe(
      'NA',
    );
    expect(() => readUploadSettings(dir, { ...qiniu, QINIU_REGION: 'z0' })).toThrow(/QINIU_REGION.*z0/);
  });
});

describe('form upload', () => {
  it('stores an image under its key and serves it back with the sniffed type', async () => {
    const { prefix, uptoken } = await token();
    const file = png(2000);
    const key = `${prefix}photo.png`;
    const { crc32 } = await import('node:zlib');
    const response = await formUpload(
      { token: uptoken, key, fname: 'photo.png', crc32: String(crc32(file)) },
      file,
    );
    expect(response.statusCode).toBe(200);
    expect(response.headers['access-control-allow-origin']).toBe('*');
    const sha1 = crypto.createHash('sha1').update(file).digest();
    expect(response.json()).toEqual({
      key,
      hash: urlSafeBase64(Buffer.concat([Buffer.from([0x16]), sha1])),
      fsize: 2000,
      mimeType: 'image/png',
    });
    const served = await app.inject({ url: `/uploads/${key}` });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.rawPayload.equals(file)).toBe(true);
  });

  it('refuses bad tokens, foreign keys, non-media, oversize files, damaged files and overwrites', async () => {
    const { prefix, uptoken } = await token();
    const tampered = uptoken.replace(/:[^:]+:/, ':AAAA:');
    const cases: [Record<string, string>, Buffer, number, RegExp][] = [
      [{ token: tampered, key: `${prefix}x.png` }, png(100), 401, /signature/],
      [{ key: `${prefix}x.png` }, png(100), 401, /missing upload token/],
      [{ token: uptoken, key: 'livev3/999/elsewhere.png' }, png(100), 403, /does not allow this key/],
      [{ token: uptoken, key: `${prefix}../../etc.png` }, png(100), 400, /invalid key/],
      [
        { token: uptoken, key: `${prefix}page.html` },
        Buffer.from('<html><script>alert(1)</script>'),
        415,
        /only images/,
      ],
      [{ token: uptoken, key: `${prefix}big.png` }, png(65 * 1024), 413, /image size must not exceed/],
      [{ token: uptoken, key: `${prefix}big.mp4` }, mp4(257 * 1024), 413, /too large/],
      [{ token: uptoken, key: `${prefix}crc.png`, crc32: '1' }, png(100), 406, /crc32/],
    ];
    for (const [fields, file, status, message] of cases) {
      const response = await formUpload(fields, file);
      expect(response.statusCode, JSON.stringify(fields)).toBe(status);
      expect(response.json()).toMatchObject({
        xcode: status,
        data: null,
        msg: expect.stringMatching(message),
      });
    }
    const key = `${prefix}once.png`;
    expect((await formUpload({ token: uptoken, key }, png(100))).statusCode).toBe(200);
    // One file per token: keys are never overwritten, and a used token stores nothing more.
    expect((await formUpload({ token: uptoken, key }, png(100))).json()).toMatchObject({ xcode: 403 });
    // Nothing refused was kept.
    expect((await app.inject({ url: `/uploads/${prefix}page.html` })).statusCode).toBe(404);
    expect(fs.readdirSync(path.join(dir, 'work')).filter((name) => !name.startsWith('parts-'))).toEqual([]);
  });

  it('refuses an expired token', async () => {
    const { prefix, uptoken } = await token();
    clock += 3601_000;
    try {
      const response = await formUpload({ token: uptoken, key: `${prefix}late.png` }, png(100));
      expect(response.statusCode).toBe(401);
      expect(response.json().msg).toMatch(/expired/);
    } finally {
      clock -= 3601_000;
    }
  });
});

describe('chunked upload (v2)', () => {
  async function init(uptoken: string, key: string) {
    const response = await app.inject({
      method: 'POST',
      url: `/qiniu-up/buckets/livev3/objects/${b64Key(key)}/uploads`,
      headers: auth(uptoken),
    });
    expect(response.statusCode).toBe(200);
    return response.json() as { uploadId: string; expireAt: number };
  }
  const put = (uptoken: string, key: string, uploadId: string, part: number, body: Buffer, md5?: string) =>
    app.inject({
      method: 'PUT',
      url: `/qiniu-up/buckets/livev3/objects/${b64Key(key)}/uploads/${uploadId}/${part}`,
      headers: {
        ...auth(uptoken),
        'content-type': 'application/octet-stream',
        ...(md5 ? { 'content-md5': md5 } : {}),
      },
      payload: body,
    });
  const complete = (
    uptoken: string,
    key: string,
    uploadId: string,
    parts: { etag: string; partNumber: number }[],
  ) =>
    app.inject({
      method: 'POST',
      url: `/qiniu-up/buckets/livev3/objects/${b64Key(key)}/uploads/${uploadId}`,
      headers: { ...auth(uptoken), 'content-type': 'application/json' },
      payload: { parts, fname: 'clip.mp4' },
    });

  it('joins the parts in order and stores the video with Qiniu’s hash', async () => {
    const { prefix, uptoken } = await token();
    const key = `${prefix}clip.mp4`;
    const video = mp4(150 * 1024);
    const { uploadId, expireAt } = await init(uptoken, key);
    expect(expireAt).toBeGreaterThan(clock / 1000);
    const first = video.subarray(0, 100 * 1024);
    const second = video.subarray(100 * 1024);
    const md5 = (data: Buffer) => crypto.createHash('md5').update(data).digest('hex');
    // Parts may arrive out of order (qiniu-js sends three at a time).
    const two = await put(uptoken, key, uploadId, 2, second, md5(second));
    const one = await put(uptoken, key, uploadId, 1, first, md5(first));
    expect(one.json()).toEqual({ etag: md5(first), md5: md5(first) });
    expect(
      (await complete(uptoken, key, uploadId, [{ etag: one.json().etag, partNumber: 2 }])).json().msg,
    ).toMatch(/differs/);
    const done = await complete(uptoken, key, uploadId, [
      { etag: one.json().etag, partNumber: 1 },
      { etag: two.json().etag, partNumber: 2 },
    ]);
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({
      key,
      hash: new QiniuEtag().update(video).digest(),
      fsize: video.length,
      mimeType: 'video/mp4',
    });
    const served = await app.inject({ url: `/uploads/${key}`, headers: { range: 'bytes=0-99' } });
    expect(served.statusCode).toBe(206);
    expect(served.headers['content-type']).toBe('video/mp4');
    expect(served.rawPayload.equals(video.subarray(0, 100))).toBe(true);
    // The upload is finished: its token has stored its one file (and the upload id is gone).
    expect((await put(uptoken, key, uploadId, 3, mp4(100))).statusCode).toBe(403);
  });

  it('refuses a non-media first part, a damaged part, a foreign key, no token and too much data', async () => {
    const { prefix, uptoken } = await token();
    const key = `${prefix}bad.mp4`;
    const { uploadId } = await init(uptoken, key);
    const html = await put(uptoken, key, uploadId, 1, Buffer.from('<!doctype html><p>hi</p>'));
    expect(html.statusCode).toBe(415);
    expect((await put(uptoken, key, uploadId, 1, mp4(1000), 'deadbeef')).statusCode).toBe(406);
    expect((await put(uptoken, key, 'nope', 1, mp4(1000))).statusCode).toBe(612);
    const noToken = await app.inject({
      method: 'POST',
      url: `/qiniu-up/buckets/livev3/objects/${b64Key(key)}/uploads`,
    });
    expect(noToken.json()).toMatchObject({ xcode: 401, msg: expect.stringMatching(/UpToken/) });
    const foreign = await app.inject({
      method: 'POST',
      url: `/qiniu-up/buckets/livev3/objects/${b64Key('livev3/5/x.mp4')}/uploads`,
      headers: auth(uptoken),
    });
    expect(foreign.statusCode).toBe(403);
    expect((await put(uptoken, key, uploadId, 1, mp4(200 * 1024))).statusCode).toBe(200);
    const over = await put(uptoken, key, uploadId, 2, mp4(100 * 1024));
    expect(over.statusCode).toBe(413);
    expect(over.json().msg).toMatch(/too large/);
    const aborted = await app.inject({
      method: 'DELETE',
      url: `/qiniu-up/buckets/livev3/objects/${b64Key(key)}/uploads/${uploadId}`,
      headers: auth(uptoken),
    });
    expect(aborted.statusCode).toBe(200);
    expect(fs.existsSync(path.join(dir, 'work', `parts-${uploadId}`))).toBe(false);
  });

  it('a restart sweeps chunked uploads abandoned past their expiry', async () => {
    const databasePath = path.join(dir, 'sweep.db');
    let at = clock;
    const first = await buildServer({ databasePath, mode: 'test', now: () => at, uploads: settings });
    const data = (
      await first.inject({
        url: '/v3/api/qiniu/upload/token',
        headers: { authorization: `Bearer ${await startSession(first.sql, 1, at)}` },
      })
    ).json().data as Token;
    const key = `${data.prefix}abandoned.mp4`;
    const started = await first.inject({
      method: 'POST',
      url: `/qiniu-up/buckets/livev3/objects/${b64Key(key)}/uploads`,
      headers: auth(data.uptoken),
    });
    const { uploadId } = started.json() as { uploadId: string };
    const part = await first.inject({
      method: 'PUT',
      url: `/qiniu-up/buckets/livev3/objects/${b64Key(key)}/uploads/${uploadId}/1`,
      headers: { ...auth(data.uptoken), 'content-type': 'application/octet-stream' },
      payload: mp4(1000),
    });
    expect(part.statusCode).toBe(200);
    await first.close();
    const partsDir = path.join(dir, 'work', `parts-${uploadId}`);
    expect(fs.existsSync(partsDir)).toBe(true);
    at += 8 * 24 * 3600 * 1000;
    const second = await buildServer({ databasePath, mode: 'test', now: () => at, uploads: settings });
    expect(fs.existsSync(partsDir)).toBe(false);
    expect(await second.sql.selectFrom('upload_sessions').selectAll().execute()).toEqual([]);
    await second.close();
  }, 60_000);

  it('answers the CORS preflight qiniu-js triggers', async () => {
    const response = await app.inject({
      method: 'OPTIONS',
      url: '/qiniu-up/buckets/livev3/objects/x/uploads',
    });
    expect(response.statusCode).toBe(204);
    expect(response.headers['access-control-allow-headers']).toMatch(/Authorization/);
  });
});
