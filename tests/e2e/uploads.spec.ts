/**
 * The real qiniu-js v3 client (its browser build, as shipped in the package) uploading to the reference server's
 * local upload host: a form upload, a chunked (v2) upload in several parts, and a refused file.
 */
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures';

type Outcome = {
  ok: boolean;
  result?: { key: string; hash: string; fsize: number; mimeType: string };
  code?: number;
  message?: string;
  percents: number[];
  served?: { status: number; type: string | null; size: number; head: number[] };
  key: string;
};

/** Upload tokens need a logged-in viewer: a sandbox WeChat login, as the app's login gives one. */
let session = '';

async function uploadInPage(
  page: Page,
  kind: 'png' | 'mp4' | 'html',
  size: number,
  config: Record<string, unknown> = {},
): Promise<Outcome> {
  return page.evaluate(
    async ({ kind, size, config, session }) => {
      type Subscriber = {
        next(progress: { total: { percent: number } }): void;
        error(error: { code?: number; message: string }): void;
        complete(result: Outcome['result']): void;
      };
      type Qiniu = {
        upload(
          file: File,
          key: string,
          token: string,
          extra: object,
          config: object,
        ): { subscribe(subscriber: Subscriber): unknown };
      };
      const qiniu = (window as unknown as { qiniu: Qiniu }).qiniu;
      const answer = await (
        await fetch('/v3/api/qiniu/upload/token', { headers: { authorization: `Bearer ${session}` } })
      ).json();
      const { prefix, domain, uptoken, uphost } = answer.data as Record<string, string>;
      const bytes = new Uint8Array(size);
      for (let i = 0; i < size; i += 1) bytes[i] = (i * 7919) % 251;
      const heads = {
        png: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
        mp4: [0, 0, 0, 0x20, 0x66, 0x74, 0x79, 0x70, 0x69, 0x73, 0x6f, 0x6d],
        html: [...new TextEncoder().encode('<!doctype html><script>alert(1)</script>')],
      };
      bytes.set(heads[kind]);
      const file = new File([bytes], `sample.${kind}`);
      const key = `${prefix}e2e-${kind}-${Date.now()}-${Math.random().toString(36).slice(2)}.${kind}`;
      const url = new URL(uphost);
      const percents: number[] = [];
      const outcome = await new Promise<Omit<Outcome, 'percents' | 'key'>>((resolve) => {
        qiniu
          .upload(
            file,
            key,
            uptoken,
            { fname: file.name },
            {
              upprotocol: url.protocol.replace(':', ''),
              uphost: `${url.host}${url.pathname}`,
              disableStatisticsReport: true,
              retryCount: 0,
              ...config,
            },
          )
          .subscribe({
            next: (progress) => percents.push(progress.total.percent),
            error: (error) => resolve({ ok: false, code: error.code, message: error.message }),
            complete: (result) => resolve({ ok: true, result }),
          });
      });
      if (!outcome.ok) return { ...outcome, percents, key };
      const served = await fetch(`${domain}/${key}`);
      const body = new Uint8Array(await served.arrayBuffer());
      const same = body.length === bytes.length && body.every((byte, index) => byte === bytes[index]);
      return {
        ...outcome,
        percents,
        key,
        served: {
          status: served.status,
          type: served.headers.get('content-type'),
          size: same ? body.length : -1,
          head: [...body.slice(0, 4)],
        },
      };
    },
    { kind, size, config, session },
  );
}

// The harness injects qiniu-js's browser build as an inline script; the app's CSP (rightly) refuses inline scripts.
test.use({ bypassCSP: true });

test.beforeEach(async ({ page, request }) => {
  const subject = `uploads-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;
  const code = (
    await (await request.post('/emulator/wechat/code', { data: { kind: 'oauth', subject } })).json()
  ).data.code as string;
  session = (await (await request.post('/v3/api/user/login/wx', { data: { code } })).json()).data
    .token as string;
  await page.goto('');
  await page.addScriptTag({ path: path.resolve('node_modules/qiniu-js/dist/qiniu.min.js') });
});

test('qiniu-js form upload: an image goes up and is served back byte for byte', async ({ page }) => {
  const outcome = await uploadInPage(page, 'png', 200 * 1024);
  expect(outcome.message).toBeUndefined();
  expect(outcome.result).toMatchObject({ key: outcome.key, fsize: 200 * 1024, mimeType: 'image/png' });
  expect(outcome.served).toEqual({
    status: 200,
    type: 'image/png',
    size: 200 * 1024,
    head: [0x89, 0x50, 0x4e, 0x47],
  });
  expect(outcome.percents.at(-1)).toBeGreaterThan(99);
});

test('qiniu-js chunked upload (v2): a 5 MB video in 1 MB parts', async ({ page }) => {
  const size = 5 * 1024 * 1024 + 123;
  const outcome = await uploadInPage(page, 'mp4', size, { chunkSize: 1 });
  expect(outcome.message).toBeUndefined();
  expect(outcome.result).toMatchObject({ key: outcome.key, fsize: size, mimeType: 'video/mp4' });
  // Qiniu's hash of a file over 4 MB starts with 0x96 (block hashes hashed again): "l" in url-safe base64.
  expect(outcome.result?.hash.startsWith('l')).toBe(true);
  expect(outcome.served).toMatchObject({ status: 200, type: 'video/mp4', size });
  expect(outcome.percents.length).toBeGreaterThan(3);
});

test('the host refuses what is not an image or a video, and qiniu-js reports it', async ({ page }) => {
  const form = await uploadInPage(page, 'html', 2048);
  expect(form).toMatchObject({ ok: false, code: 415 });
  const chunked = await uploadInPage(page, 'html', 5 * 1024 * 1024);
  expect(chunked).toMatchObject({ ok: false, code: 415 });
  expect((await page.request.get(`/uploads/${form.key}`)).status()).toBe(404);
});
