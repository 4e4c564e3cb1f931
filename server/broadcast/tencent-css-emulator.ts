/**
 * An emulator of Tencent Cloud CSS's callbacks (tencent-css.ts) for development and tests, as server/wechat/emulator.ts
 * is for WeChat: the bodies the service POSTs when a stream begins, ends and when its recording is ready, signed as the
 * service signs them (`sign = MD5(callback key + t)`, t ten minutes ahead), and a sender.
 */
import crypto from 'node:crypto';
import type { TencentCssSettings } from './tencent-css.ts';

/** Notifications the service sends, as `cssCallbackBody` writes them (the emulator's and the tests' side). */
export type CssNotification =
  | { kind: 'began' | 'ended'; streamName: string }
  | { kind: 'recording'; streamName: string; url: string; format: 'hls' | 'mp4'; durationS: number };

const KIND_TYPES: Record<CssNotification['kind'], number> = { began: 1, ended: 0, recording: 100 };

/** The body the service POSTs for `notification` at `nowMs`. */
export function cssCallbackBody(
  settings: Pick<TencentCssSettings, 'callbackKey' | 'appName' | 'pushDomain'>,
  notification: CssNotification,
  nowMs: number,
): Record<string, unknown> {
  const t = Math.floor(nowMs / 1000) + 600;
  const seconds = Math.floor(nowMs / 1000);
  const common = {
    t,
    sign: crypto
      .createHash('md5')
      .update(settings.callbackKey + String(t))
      .digest('hex'),
    event_type: KIND_TYPES[notification.kind],
    appid: 1250000000,
    app: settings.pushDomain,
    appname: settings.appName,
    stream_id: notification.streamName,
    channel_id: notification.streamName,
    event_time: seconds,
    sequence: String(nowMs),
  };
  if (notification.kind !== 'recording') return common;
  return {
    ...common,
    video_url: notification.url,
    file_format: notification.format,
    duration: notification.durationS,
    start_time: seconds - notification.durationS,
    end_time: seconds,
    file_id: String(nowMs),
    record_file_id: String(nowMs),
  };
}

/** POSTs a notification to `url` (this server's callback route) as the service does; the answer's status and body. */
export async function sendCssCallback(
  url: string,
  settings: Pick<TencentCssSettings, 'callbackKey' | 'appName' | 'pushDomain'>,
  notification: CssNotification,
  nowMs: number,
): Promise<{ status: number; body: unknown }> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(cssCallbackBody(settings, notification, nowMs)),
  });
  const text = await response.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON: the text as it came
  }
  return { status: response.status, body };
}
