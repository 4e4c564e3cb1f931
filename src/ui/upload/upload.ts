import '../../lib/messages';
/**
 * Uploads: a file goes up with the real qiniu-js client, to the host the upload token names
 * (the reference server's local upload host) or, for a token from real Qiniu, to the Qiniu region. qiniu-js is
 * loaded on first use, never with the first page.
 *
 * Rules, with their messages: more files chosen than allowed -> toast 'upload count exceeds limit'; a video over
 * 300 MB -> dialog 'video size must not exceed 300MB'; any failure (token, network, time-out after
 * constants.uploadTimeoutMs, refusal by the host) -> toast 'network poor, upload failed' and the loading indicator
 * hides.
 */
import { appConfig } from '../../engine/config';
import { showDialog } from '../dialog/dialog';
import { hideLoading, showLoading } from '../loading/loading';
import { toast } from '../toast/toast';
import { api } from '../../lib/api';
import { i18n } from '../../lib/i18n';
import { now } from '../../lib/clock';
import { qiniuConfigFor } from '../../lib/qiniu-config';

export { qiniuConfigFor };

export const VIDEO_MAX_BYTES = 300 * 1024 * 1024;

export type UploadedFile = {
  key: string;
  /** Where the file is served: the token's domain + '/' + key. */
  url: string;
  hash: string;
  size: number;
  mimeType: string;
};

export type UploadOptions = {
  /** 0-100 while the file travels. */
  onProgress?: (percent: number) => void;
  /** Defaults to constants.uploadTimeoutMs. */
  timeoutMs?: number;
  /** Cancels the upload (rejects with kind 'aborted', no message shown). */
  signal?: AbortSignal;
  /** Show the global loading indicator while uploading (default true). */
  loading?: boolean;
};

export type UploadFailureKind = 'too-large' | 'token' | 'network' | 'timeout' | 'refused' | 'aborted';

export class UploadFailure extends Error {
  constructor(
    message: string,
    readonly kind: UploadFailureKind,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'UploadFailure';
  }
}

function isVideo(file: File): boolean {
  return file.type.startsWith('video/') || /\.(mp4|mov|m4v|webm|mkv|avi|flv|3gp|mpe?g|ts)$/i.test(file.name);
}

/** False (and the toast) when more files were chosen than allowed. */
export function checkUploadCount(chosen: number, allowed: number): boolean {
  if (chosen <= allowed) return true;
  toast(i18n.t('messages.uploadCountExceeded'));
  return false;
}

/** False (and the dialog) for a video over 300 MB. */
function checkUploadSize(file: File): boolean {
  if (!isVideo(file) || file.size <= VIDEO_MAX_BYTES) return true;
  void showDialog({ message: i18n.t('messages.videoTooLarge'), showCancel: false });
  return false;
}

/** A key under the token's prefix: time + random + the file's own extension. */
export function uploadKey(prefix: string, file: File, random: () => number = Math.random): string {
  const ext = /\.([A-Za-z0-9]{1,5})$/.exec(file.name)?.[1]?.toLowerCase();
  const id = `${now().toString(36)}-${Math.floor(random() * 36 ** 8)
    .toString(36)
    .padStart(8, '0')}`;
  return `${prefix}${id}${ext ? `.${ext}` : ''}`;
}

async function send(file: File, options: UploadOptions): Promise<UploadedFile> {
  let token;
  try {
    // Uploads need a logged-in viewer: without one the login opens and the upload is asked for again after.
    token = await api.get('/v3/api/qiniu/upload/token', {}, { quiet: true, noErrorToast: true, login: true });
  } catch {
    throw new UploadFailure('upload token refused', 'token');
  }
  const { upload } = await import('qiniu-js');
  const key = uploadKey(token.prefix, file);
  const timeoutMs = options.timeoutMs ?? appConfig.constants.uploadTimeoutMs;
  return new Promise<UploadedFile>((resolve, reject) => {
    let unsubscribe = () => {};
    const stop = (failure: UploadFailure) => {
      clearTimeout(timer);
      unsubscribe();
      reject(failure);
    };
    const timer = setTimeout(() => stop(new UploadFailure('upload timed out', 'timeout')), timeoutMs);
    const onAbort = () => stop(new UploadFailure('upload cancelled', 'aborted'));
    if (options.signal?.aborted) return onAbort();
    options.signal?.addEventListener('abort', onAbort, { once: true });
    const observable = upload(file, key, token.uptoken, { fname: file.name }, qiniuConfigFor(token));
    const subscription = observable.subscribe({
      next(progress) {
        options.onProgress?.(Math.min(100, Math.round(progress.total.percent)));
      },
      error(error) {
        const status = (error as { code?: number }).code;
        const kind: UploadFailureKind = typeof status === 'number' && status > 0 ? 'refused' : 'network';
        stop(new UploadFailure(error.message, kind, status));
      },
      complete(result: { key?: string; hash?: string; fsize?: number; mimeType?: string }) {
        clearTimeout(timer);
        options.signal?.removeEventListener('abort', onAbort);
        const storedKey = result.key ?? key;
        resolve({
          key: storedKey,
          url: `${token.domain.replace(/\/+$/, '')}/${storedKey}`,
          hash: result.hash ?? '',
          size: result.fsize ?? file.size,
          mimeType: result.mimeType ?? file.type,
        });
      },
    });
    unsubscribe = () => subscription.unsubscribe();
  });
}

/**
 * Uploads one file. Rejects with an UploadFailure after showing the spec's message (a cancelled upload shows
 * nothing); the loading indicator is hidden whatever happens.
 */
export async function uploadFile(file: File, options: UploadOptions = {}): Promise<UploadedFile> {
  if (!checkUploadSize(file)) throw new UploadFailure('video too large', 'too-large');
  const loading = options.loading ?? true;
  if (loading) showLoading();
  try {
    return await send(file, options);
  } catch (error) {
    const failure = error instanceof UploadFailure ? error : new UploadFailure(String(error), 'network');
    if (loading) hideLoading();
    if (failure.kind !== 'aborted') toast(i18n.t('messages.uploadFailed'));
    throw failure;
  } finally {
    if (loading) hideLoading();
  }
}

/** Several files (an image picker's choice): the count rule first, then one after another. */
export async function uploadFiles(
  files: File[],
  allowed: number,
  options: UploadOptions = {},
): Promise<UploadedFile[]> {
  if (!checkUploadCount(files.length, allowed)) return [];
  if (!files.every((file) => checkUploadSize(file))) return [];
  const done: UploadedFile[] = [];
  for (const file of files) done.push(await uploadFile(file, options));
  return done;
}
