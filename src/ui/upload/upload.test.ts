// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

type Observer = {
  next(progress: { total: { percent: number } }): void;
  error(error: Error & { code?: number }): void;
  complete(result: unknown): void;
};
const qiniu = vi.hoisted(() => ({
  calls: [] as { file: File; key: string; token: string; config: Record<string, unknown> }[],
  observer: null as Observer | null,
  unsubscribed: 0,
}));
vi.mock('qiniu-js', () => ({
  upload: (file: File, key: string, token: string, _extra: unknown, config: Record<string, unknown>) => {
    qiniu.calls.push({ file, key, token, config });
    return {
      subscribe(observer: Observer) {
        qiniu.observer = observer;
        return { unsubscribe: () => (qiniu.unsubscribed += 1) };
      },
    };
  },
}));
const token = vi.hoisted(() => ({
  answer: {
    prefix: 'livev3/0/20261122/',
    domain: 'http://127.0.0.1:9/uploads',
    uptoken: 'ak:sig:policy',
    uphost: 'http://127.0.0.1:9/qiniu-up',
  } as Record<string, string> | Error,
}));
vi.mock('../../lib/api', () => ({
  api: {
    get: async () => {
      if (token.answer instanceof Error) throw token.answer;
      return token.answer;
    },
  },
}));

const { checkUploadCount, qiniuConfigFor, uploadFile, uploadFiles, uploadKey, VIDEO_MAX_BYTES } =
  await import('./upload');
const { toastStore } = await import('../toast/toast');
const { dialogStore, settleDialog } = await import('../dialog/dialog');
const { loadingStore } = await import('../loading/loading');

const image = () => new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'Photo.PNG', { type: 'image/png' });
function bigVideo(size: number): File {
  const file = new File([new Uint8Array(4)], 'clip.mp4', { type: 'video/mp4' });
  Object.defineProperty(file, 'size', { value: size });
  return file;
}
const flush = async () => {
  for (let i = 0; i < 5; i += 1) await Promise.resolve();
  await new Promise((resolve) => setTimeout(resolve, 0));
};

beforeEach(() => {
  qiniu.calls = [];
  qiniu.observer = null;
  qiniu.unsubscribed = 0;
  toastStore.update(() => null);
  for (const dialog of dialogStore.get()) settleDialog(dialog.id, false);
  token.answer = {
    prefix: 'livev3/0/20261122/',
    domain: 'http://127.0.0.1:9/uploads',
    uptoken: 'ak:sig:policy',
    uphost: 'http://127.0.0.1:9/qiniu-up',
  };
});
afterEach(() => vi.useRealTimers());

describe('rules', () => {
  it('toasts when more files are chosen than allowed, and uploads nothing', async () => {
    expect(checkUploadCount(3, 3)).toBe(true);
    expect(toastStore.get()).toBeNull();
    expect(await uploadFiles([image(), image(), image()], 2)).toEqual([]);
    expect(toastStore.get()?.message).toBe('上传数量超出限制');
    expect(qiniu.calls).toEqual([]);
  });

  it('opens the dialog for a video over 300 MB; 300 MB exactly is fine', async () => {
    await expect(uploadFile(bigVideo(VIDEO_MAX_BYTES + 1))).rejects.toMatchObject({ kind: 'too-large' });
    expect(dialogStore.get().map((dialog) => [dialog.message, dialog.showCancel])).toEqual([
      ['视频大小不能超过300MB', false],
    ]);
    expect(qiniu.calls).toEqual([]);
    const pending = uploadFile(bigVideo(VIDEO_MAX_BYTES));
    await flush();
    expect(qiniu.calls).toHaveLength(1);
    qiniu.observer?.complete({ key: qiniu.calls[0]!.key });
    await pending;
  });

  it('keys files under the token prefix with their own extension', () => {
    expect(uploadKey('p/', image(), () => 0.5)).toMatch(/^p\/[0-9a-z]+-[0-9a-z]{8}\.png$/);
    expect(uploadKey('p/', new File([], 'noext'), () => 0)).toMatch(/^p\/[0-9a-z]+-0{8}$/);
  });

  it('points qiniu-js at the token’s upload host, or at the Qiniu region', () => {
    expect(qiniuConfigFor({ uphost: 'https://up.example.com:8443/qiniu-up/' })).toEqual({
      disableStatisticsReport: true,
      upprotocol: 'https',
      uphost: 'up.example.com:8443/qiniu-up',
    });
    expect(qiniuConfigFor({ region: 'SCN' })).toMatchObject({ region: 'z2', upprotocol: 'https' });
  });
});

describe('uploadFile', () => {
  it('uploads with progress and answers the served URL; the loading indicator comes and goes', async () => {
    const progress: number[] = [];
    const pending = uploadFile(image(), { onProgress: (percent) => progress.push(percent) });
    expect(loadingStore.get().visible).toBe(true);
    await flush();
    const call = qiniu.calls[0]!;
    expect(call.token).toBe('ak:sig:policy');
    expect(call.key.startsWith('livev3/0/20261122/')).toBe(true);
    expect(call.config).toMatchObject({ uphost: '127.0.0.1:9/qiniu-up', upprotocol: 'http' });
    qiniu.observer?.next({ total: { percent: 42.4 } });
    qiniu.observer?.complete({ key: call.key, hash: 'h', fsize: 4, mimeType: 'image/png' });
    expect(await pending).toEqual({
      key: call.key,
      url: `http://127.0.0.1:9/uploads/${call.key}`,
      hash: 'h',
      size: 4,
      mimeType: 'image/png',
    });
    expect(progress).toEqual([42]);
    expect(loadingStore.get().visible).toBe(false);
  });

  it('a refused or broken upload toasts the spec message and hides the loading indicator', async () => {
    const pending = uploadFile(image());
    await flush();
    qiniu.observer?.error(Object.assign(new Error('xhr request failed, code: 415'), { code: 415 }));
    await expect(pending).rejects.toMatchObject({ kind: 'refused', status: 415 });
    expect(toastStore.get()?.message).toBe('网络不佳，上传失败');
    expect(loadingStore.get().visible).toBe(false);
  });

  it('a refused token fails the same way', async () => {
    token.answer = new Error('offline');
    await expect(uploadFile(image())).rejects.toMatchObject({ kind: 'token' });
    expect(toastStore.get()?.message).toBe('网络不佳，上传失败');
    expect(qiniu.calls).toEqual([]);
  });

  it('gives up after the upload time-out and stops the transfer', async () => {
    const pending = uploadFile(image(), { timeoutMs: 50 });
    const outcome = pending.catch((error: unknown) => error);
    await flush();
    expect(qiniu.calls).toHaveLength(1);
    expect(await outcome).toMatchObject({ kind: 'timeout' });
    expect(qiniu.unsubscribed).toBe(1);
    expect(toastStore.get()?.message).toBe('网络不佳，上传失败');
    expect(loadingStore.get().visible).toBe(false);
  });

  it('a cancelled upload stops quietly', async () => {
    const controller = new AbortController();
    const pending = uploadFile(image(), { signal: controller.signal });
    await flush();
    controller.abort();
    await expect(pending).rejects.toMatchObject({ kind: 'aborted' });
    expect(qiniu.unsubscribed).toBe(1);
    expect(toastStore.get()).toBeNull();
  });
});
