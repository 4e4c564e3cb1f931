/**
 * File downloads: GET with the `appid` and `authorization` headers, answered as a file. A JSON
 * answer instead of a file is a refusal: the server's `{ code: 400, msg: 'no download permission' }` (or JSON without a
 * message) says 'no download permission'; any other refusal (a missing contest, say) shows the server's own message,
 * already in the viewer's language. Any other failure says 'download {file} failed'. Large files report progress as
 * they arrive. WeChat's browser cannot save downloads, so there the viewer is told how to open the page in the
 * system browser instead.
 */
import '../../lib/messages';
import { appConfig } from '../../engine/config';
import { showDialog } from '../dialog/dialog';
import { toast } from '../toast/toast';
import { getAuthToken } from '../../lib/auth';
import { addMessages, i18n } from '../../lib/i18n';
import { launchStore } from '../../lib/launch';
import { isWeChat } from '../../lib/wechat/user-agent';
import en from './download.en.json';
import zhCN from './download.zh-CN.json';
import { now } from '../../lib/clock';

addMessages('download', { 'zh-CN': zhCN, en });

/** Sent as the `appid` header: which app asks (the server may tell apps apart; the spec names the header only). */
export const DOWNLOAD_APP_ID = 'livev3';
const PROGRESS_EVERY_MS = 300;

export type DownloadRequest = {
  /** API path, the contract's `/v3/api/download/{kind}` with the kind filled in. */
  path: string;
  query?: Record<string, string | number>;
  /** The name the viewer sees and the file is saved under. */
  file: string;
};

/** `refused`: the server answered JSON with a message other than the permission refusal (shown as it is). */
export type DownloadOutcome = 'saved' | 'no-permission' | 'refused' | 'failed' | 'in-wechat';

/** The spec's permission refusal, word for word. */
const NO_PERMISSION_MSG = 'no download permission';

export type DownloadEnv = {
  ua?: string;
  fetch?: typeof fetch;
  /** Hands the finished file to the browser; by default through a temporary link with `download`. */
  save?(blob: Blob, file: string): void;
  /** Bytes so far and the total when the server sent one; by default a toast. */
  onProgress?(loaded: number, total: number | null): void;
};

function saveWithLink(blob: Blob, file: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = file;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

function progressToast(file: string) {
  return (loaded: number, total: number | null) =>
    toast(
      total
        ? i18n.t('download.progressPercent', { file, percent: Math.floor((loaded / total) * 100) })
        : i18n.t('download.progress', { file, size: megabytes(loaded) }),
      { durationMs: 1500 },
    );
}

export function downloadUrl(request: DownloadRequest): string {
  const url = new URL(`${appConfig.constants.apiOrigin}${request.path}`, window.location.origin);
  for (const [key, value] of Object.entries(request.query ?? {})) url.searchParams.set(key, String(value));
  url.searchParams.set('locale', launchStore.get().locale);
  return url.toString();
}

/** Reads the body, reporting progress at most every PROGRESS_EVERY_MS. */
async function readWithProgress(response: Response, report: (loaded: number, total: number | null) => void) {
  const total = Number(response.headers.get('content-length')) || null;
  if (!response.body) return response.blob();
  const reader = response.body.getReader();
  const parts: BlobPart[] = [];
  let loaded = 0;
  let reportedAt = now();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    parts.push(value);
    loaded += value.byteLength;
    if (now() - reportedAt >= PROGRESS_EVERY_MS) {
      reportedAt = now();
      report(loaded, total);
    }
  }
  return new Blob(parts, { type: response.headers.get('content-type') ?? 'application/octet-stream' });
}

/** The message of a JSON refusal, or null when it is the permission refusal (or says nothing readable). */
async function refusalMessage(response: Response): Promise<string | null> {
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    return null;
  }
  const msg = (body as { msg?: unknown } | null)?.msg;
  if (typeof msg !== 'string' || !msg.trim() || msg.trim() === NO_PERMISSION_MSG) return null;
  return msg.trim();
}

export async function downloadFile(
  request: DownloadRequest,
  env: DownloadEnv = {},
): Promise<DownloadOutcome> {
  const { file } = request;
  if (isWeChat(env.ua)) {
    await showDialog({ message: i18n.t('download.openInBrowser', { file }), showCancel: false });
    return 'in-wechat';
  }
  const failed = (): DownloadOutcome => {
    toast(i18n.t('messages.downloadFailed', { file }));
    return 'failed';
  };
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), appConfig.constants.downloadTimeoutMs);
  try {
    const headers: Record<string, string> = { appid: DOWNLOAD_APP_ID };
    const token = getAuthToken(launchStore.get().videoToken);
    if (token) headers.authorization = `Bearer ${token}`;
    const response = await (env.fetch ?? fetch)(downloadUrl(request), { headers, signal: controller.signal });
    if (!response.ok) return failed();
    if ((response.headers.get('content-type') ?? '').includes('json')) {
      const message = await refusalMessage(response);
      if (message === null) {
        toast(i18n.t('messages.noDownloadPermission'));
        return 'no-permission';
      }
      toast(message);
      return 'refused';
    }
    const blob = await readWithProgress(response, env.onProgress ?? progressToast(file));
    (env.save ?? saveWithLink)(blob, file);
    toast(i18n.t('download.saved', { file }));
    return 'saved';
  } catch {
    return failed();
  } finally {
    clearTimeout(timer);
  }
}
