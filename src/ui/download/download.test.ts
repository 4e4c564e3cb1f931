// @vitest-environment jsdom
/**
 * The download helper: headers and address of the request, a file saved with progress, a JSON answer as 'no
 * download permission' or as the server's own refusal, failures as 'download {file} failed', and the explanation
 * inside WeChat.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('../../lib/auth', () => ({ getAuthToken: () => 'session-token' }));

const { downloadFile, downloadUrl, DOWNLOAD_APP_ID } = await import('./download');
const { toastStore } = await import('../toast/toast');
const { dialogStore, settleDialog } = await import('../dialog/dialog');
const { i18n } = await import('../../lib/i18n');

const WECHAT_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148 MicroMessenger/8.0.40';
const BROWSER_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148';
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const request = { path: '/v3/api/download/votes', query: { vote_id: 2 }, file: 'votes.xlsx' };

/** A streamed file answer in `chunks`, with a content-length unless told otherwise. */
function fileAnswer(chunks: Uint8Array[], withLength = true): Response {
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(chunk);
      controller.close();
    },
  });
  const size = chunks.reduce((sum, chunk) => sum + chunk.byteLength, 0);
  return new Response(body, {
    headers: { 'content-type': XLSX, ...(withLength ? { 'content-length': String(size) } : {}) },
  });
}
const jsonAnswer = (body: unknown) =>
  new Response(typeof body === 'string' ? body : JSON.stringify(body), {
    headers: { 'content-type': 'application/json; charset=utf-8' },
  });
const lastToast = () => toastStore.get()?.message;

let clock = 0;
beforeEach(() => {
  toastStore.update(() => null);
  // Every clock reading is 400 ms later: each chunk read is past the 300 ms progress interval.
  clock = 0;
  vi.spyOn(Date, 'now').mockImplementation(() => (clock += 400));
});
afterEach(() => vi.restoreAllMocks());

describe('downloadFile', () => {
  it('sends appid and authorization to the contract path with the query and locale', async () => {
    const fetch = vi.fn(async () => fileAnswer([new Uint8Array([1, 2, 3])]));
    const save = vi.fn();
    expect(await downloadFile(request, { ua: BROWSER_UA, fetch, save, onProgress: () => {} })).toBe('saved');
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    const address = new URL(url);
    expect(address.pathname).toBe('/v3/api/download/votes');
    expect(address.searchParams.get('vote_id')).toBe('2');
    expect(address.searchParams.get('locale')).toBeTruthy();
    expect(url).toBe(downloadUrl(request));
    expect(init.headers).toEqual({ appid: DOWNLOAD_APP_ID, authorization: 'Bearer session-token' });
  });

  it('saves the whole file under its name and reports progress as the bytes arrive', async () => {
    const chunks = [new Uint8Array(1000), new Uint8Array(2000), new Uint8Array(1000)];
    const progress: [number, number | null][] = [];
    const save = vi.fn();
    const outcome = await downloadFile(request, {
      ua: BROWSER_UA,
      fetch: async () => fileAnswer(chunks),
      save,
      onProgress: (loaded, total) => progress.push([loaded, total]),
    });
    expect(outcome).toBe('saved');
    expect(progress).toEqual([
      [1000, 4000],
      [3000, 4000],
      [4000, 4000],
    ]);
    const [blob, file] = save.mock.calls[0] as [Blob, string];
    expect(file).toBe('votes.xlsx');
    expect(blob.size).toBe(4000);
    expect(blob.type).toBe(XLSX);
    expect(lastToast()).toBe(i18n.t('download.saved', { file: 'votes.xlsx' }));
  });

  it('shows progress in a toast by default: percent with a length, megabytes without', async () => {
    const seen: string[] = [];
    const stop = toastStore.subscribe(() => seen.push(toastStore.get()?.message ?? ''));
    await downloadFile(request, {
      ua: BROWSER_UA,
      fetch: async () => fileAnswer([new Uint8Array(1024), new Uint8Array(3072)]),
      save: () => {},
    });
    await downloadFile(request, {
      ua: BROWSER_UA,
      fetch: async () => fileAnswer([new Uint8Array(2 * 1024 * 1024)], false),
      save: () => {},
    });
    stop();
    expect(seen).toContain(i18n.t('download.progressPercent', { file: 'votes.xlsx', percent: 25 }));
    expect(seen).toContain(i18n.t('download.progress', { file: 'votes.xlsx', size: '2.0 MB' }));
  });

  it("takes the spec's JSON answer, or JSON without a message, as 'no download permission'", async () => {
    for (const body of [{ code: 400, msg: 'no download permission' }, { code: 400 }, 'not json']) {
      toastStore.update(() => null);
      const save = vi.fn();
      const outcome = await downloadFile(request, {
        ua: BROWSER_UA,
        fetch: async () => jsonAnswer(body),
        save,
      });
      expect(outcome).toBe('no-permission');
      expect(save).not.toHaveBeenCalled();
      expect(lastToast()).toBe(i18n.t('messages.noDownloadPermission'));
    }
    expect(i18n.t('messages.noDownloadPermission')).not.toBe('messages.noDownloadPermission');
  });

  it('shows the server’s own message for any other JSON refusal (a missing vote_id)', async () => {
    const save = vi.fn();
    const outcome = await downloadFile(request, {
      ua: BROWSER_UA,
      fetch: async () => jsonAnswer({ xcode: 400, msg: '缺少参数 vote_id', data: null }),
      save,
    });
    expect(outcome).toBe('refused');
    expect(save).not.toHaveBeenCalled();
    expect(lastToast()).toBe('缺少参数 vote_id');
    expect(lastToast()).not.toBe(i18n.t('messages.noDownloadPermission'));
  });

  it("says 'download {file} failed' on a non-OK answer and on a network error", async () => {
    const failed = i18n.t('messages.downloadFailed', { file: 'votes.xlsx' });
    expect(failed).toContain('votes.xlsx');
    const save = vi.fn();
    expect(
      await downloadFile(request, {
        ua: BROWSER_UA,
        fetch: async () => new Response('boom', { status: 500 }),
        save,
      }),
    ).toBe('failed');
    expect(lastToast()).toBe(failed);
    toastStore.update(() => null);
    expect(
      await downloadFile(request, {
        ua: BROWSER_UA,
        fetch: async () => {
          throw new TypeError('Failed to fetch');
        },
        save,
      }),
    ).toBe('failed');
    expect(lastToast()).toBe(failed);
    expect(save).not.toHaveBeenCalled();
  });

  it('inside WeChat explains how to open the file in the system browser and fetches nothing', async () => {
    const fetch = vi.fn();
    const outcome = downloadFile(request, { ua: WECHAT_UA, fetch });
    await vi.waitFor(() => expect(dialogStore.get()).toHaveLength(1));
    const [dialog] = dialogStore.get();
    expect(dialog.message).toBe(i18n.t('download.openInBrowser', { file: 'votes.xlsx' }));
    expect(dialog.message).toContain('votes.xlsx');
    expect(dialog.showCancel).toBe(false);
    settleDialog(dialog.id, true);
    expect(await outcome).toBe('in-wechat');
    expect(fetch).not.toHaveBeenCalled();
  });
});
