/**
 * Tencent Cloud CSS (Cloud Streaming Services), the production adapter for big events: the encoder pushes to the
 * service's push domain instead of this server, viewers play from its CDN, and the service tells this server when a
 * stream begins, ends and when its recording is ready, by signed HTTP callbacks. The embedded ingest (ingest.ts)
 * stays the zero-setup default; the lifecycle (lifecycle.ts) is the same for both.
 *
 * The service's conventions, as it documents them:
 * - Push and play URLs carry `txTime` (the URL's expiry, Unix seconds in upper-case hex) and
 *   `txSecret = MD5(key + StreamName + txTime)`, with the push key for push URLs and the play key for play URLs:
 *   `rtmp://<push domain>/<app>/<stream>?txSecret=...&txTime=...`, `https://<play domain>/<app>/<stream>.m3u8?...`.
 * - Callbacks are JSON POSTs carrying `t` (the notification's expiry, decimal Unix seconds, 10 minutes after it was
 *   sent) and `sign = MD5(callback key + t)`; `event_type` 1 is a stream that began, 0 one that ended (or dropped),
 *   100 a recording file (`video_url`, `file_format`, `duration`). The answer `{"code":0}` acknowledges one.
 *
 * The settings (server/README.md, Settings) are read by `readTencentCssSettings`; none set: the adapter is off.
 */
import crypto from 'node:crypto';

export type TencentCssSettings = {
  /** CSS_PUSH_DOMAIN: the push domain the encoders publish to. */
  pushDomain: string;
  /** CSS_PUSH_KEY: the push domain's authentication key. */
  pushKey: string;
  /** CSS_PLAY_DOMAIN: the playback domain viewers play from (https). */
  playDomain: string;
  /** CSS_PLAY_KEY: the playback domain's authentication key; empty when playback authentication is off. */
  playKey: string;
  /** CSS_CALLBACK_KEY: the key of the callback template, which signs every callback. */
  callbackKey: string;
  /**
   * CSS_VOD_DOMAIN: the domain the recordings are played from (the VOD or storage domain the recording template
   * writes to; default the play domain). A recording callback naming another host is refused.
   */
  vodDomain: string;
  /** CSS_APP_NAME: the path between domain and stream name (the service's AppName, default `live`). */
  appName: string;
  /** CSS_PUSH_VALID_H: how long a push URL handed to an organiser stays valid (hours, default 24). */
  pushValidMs: number;
};

const REQUIRED = ['CSS_PUSH_DOMAIN', 'CSS_PUSH_KEY', 'CSS_PLAY_DOMAIN', 'CSS_CALLBACK_KEY'] as const;

/** The adapter's settings, or null when none of them is set; a partial set stops the start with what is missing. */
export function readTencentCssSettings(env: NodeJS.ProcessEnv): TencentCssSettings | null {
  const value = (name: string) => env[name]?.trim() ?? '';
  const missing = REQUIRED.filter((name) => !value(name));
  if (missing.length === REQUIRED.length && !value('CSS_PLAY_KEY')) return null;
  if (missing.length)
    throw new Error(
      `Tencent Cloud CSS is half set up: ${missing.join(', ')} ${missing.length > 1 ? 'are' : 'is'} missing`,
    );
  for (const name of ['CSS_PUSH_DOMAIN', 'CSS_PLAY_DOMAIN', 'CSS_VOD_DOMAIN'])
    if (value(name) && !/^[a-z0-9.-]+(:\d+)?$/i.test(value(name)))
      throw new Error(`${name} must be a domain name (it is "${value(name)}")`);
  const appName = value('CSS_APP_NAME') || 'live';
  if (!/^[\w-]+$/.test(appName))
    throw new Error(`CSS_APP_NAME must be letters, digits, - or _ (it is "${appName}")`);
  const hours = value('CSS_PUSH_VALID_H') ? Number(value('CSS_PUSH_VALID_H')) : 24;
  if (!Number.isFinite(hours) || hours < 1 || hours > 24 * 30)
    throw new Error(
      `CSS_PUSH_VALID_H must be a number of hours of 1-720 (it is "${value('CSS_PUSH_VALID_H')}")`,
    );
  return {
    pushDomain: value('CSS_PUSH_DOMAIN'),
    pushKey: value('CSS_PUSH_KEY'),
    playDomain: value('CSS_PLAY_DOMAIN'),
    playKey: value('CSS_PLAY_KEY'),
    callbackKey: value('CSS_CALLBACK_KEY'),
    vodDomain: value('CSS_VOD_DOMAIN') || value('CSS_PLAY_DOMAIN'),
    appName,
    pushValidMs: hours * 3600_000,
  };
}

const md5 = (text: string) => crypto.createHash('md5').update(text).digest('hex');

/** `txTime`: the expiry in Unix seconds, upper-case hex. */
export const txTime = (expiresAtMs: number) =>
  Math.floor(expiresAtMs / 1000)
    .toString(16)
    .toUpperCase();

/** `txSecret = MD5(key + StreamName + txTime)`. */
export const txSecret = (key: string, streamName: string, time: string) => md5(key + streamName + time);

/** The stream name of an event's broadcast on the service. Stream names appear in play URLs: no secret in them. */
export const streamNameOf = (eventId: number) => `lv${eventId}`;

/**
 * The name the stream routes know a cloud broadcast by (`/streams/live/cloud-<id>/master.m3u8` sends the player on to
 * the service's signed play URL, `/streams/vod/cloud-<id>/...` to its recording).
 */
export const cloudStream = (broadcastId: number) => `cloud-${broadcastId}`;

/** The event a stream name of ours belongs to; null for any other name. */
export function eventIdOfStream(streamName: string): number | null {
  const match = /^lv([1-9]\d{0,15})$/.exec(streamName);
  return match ? Number(match[1]) : null;
}

/** Where an organiser's encoder publishes: the server URL and the stream key as OBS asks for them, and both in one. */
export type PushTarget = { server: string; streamKey: string; url: string; expiresAt: number };

export function pushTarget(settings: TencentCssSettings, eventId: number, nowMs: number): PushTarget {
  const expiresAt = nowMs + settings.pushValidMs;
  const name = streamNameOf(eventId);
  const time = txTime(expiresAt);
  const server = `rtmp://${settings.pushDomain}/${settings.appName}/`;
  const streamKey = `${name}?txSecret=${txSecret(settings.pushKey, name, time)}&txTime=${time}`;
  return { server, streamKey, url: server + streamKey, expiresAt };
}

/** A viewer's play URL of the event's live stream (HLS), valid for `validMs`; unsigned when playback auth is off. */
export function playUrl(
  settings: TencentCssSettings,
  eventId: number,
  nowMs: number,
  validMs: number,
): string {
  const name = streamNameOf(eventId);
  const url = `https://${settings.playDomain}/${settings.appName}/${name}.m3u8`;
  if (!settings.playKey) return url;
  const time = txTime(nowMs + validMs);
  return `${url}?txSecret=${txSecret(settings.playKey, name, time)}&txTime=${time}`;
}

/** Whether `url` is a recording this server may send viewers to: https on the configured VOD domain. */
export function isRecordingUrl(settings: Pick<TencentCssSettings, 'vodDomain'>, url: string): boolean {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' && parsed.host === settings.vodDomain && !parsed.username;
  } catch {
    return false;
  }
}

/** The origins viewers' players fetch from (the page's Content-Security-Policy lets them connect). */
export const cssOrigins = (settings: Pick<TencentCssSettings, 'playDomain' | 'vodDomain'>) => [
  ...new Set([`https://${settings.playDomain}`, `https://${settings.vodDomain}`]),
];

/** What a callback told, once its signature and expiry are checked. */
export type CssCallback =
  | { kind: 'began' | 'ended'; eventId: number; streamName: string }
  | {
      kind: 'recording';
      eventId: number;
      streamName: string;
      url: string;
      format: string;
      durationS: number;
    };

export type CallbackReading =
  { ok: true; callback: CssCallback } | { ok: false; why: string; status: 401 | 400 };

const EVENT_TYPES: Record<number, CssCallback['kind']> = { 1: 'began', 0: 'ended', 100: 'recording' };

/** `sign` compared in constant time with MD5(callback key + t). */
function signed(settings: TencentCssSettings, t: number, sign: string): boolean {
  const expected = Buffer.from(md5(settings.callbackKey + String(t)));
  const given = Buffer.from(sign.toLowerCase());
  return given.length === expected.length && crypto.timingSafeEqual(given, expected);
}

/**
 * Reads a callback's body: refused (401) when unsigned, wrongly signed or expired (a replayed notification), a
 * 400 when signed but not one this server acts on (another event type, a stream that is not an event's).
 */
export function readCallback(settings: TencentCssSettings, body: unknown, nowMs: number): CallbackReading {
  const fields = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
  const t = Number(fields.t);
  if (!Number.isInteger(t) || typeof fields.sign !== 'string' || !signed(settings, t, fields.sign))
    return { ok: false, why: 'the callback is not signed with the callback key', status: 401 };
  if (t * 1000 < nowMs) return { ok: false, why: 'the callback has expired (t is past)', status: 401 };
  const kind = EVENT_TYPES[Number(fields.event_type)];
  if (!kind)
    return { ok: false, why: `event_type ${String(fields.event_type)} is not acted on`, status: 400 };
  const streamName = String(fields.stream_id ?? fields.channel_id ?? '');
  const eventId = eventIdOfStream(streamName);
  if (eventId === null) return { ok: false, why: `stream "${streamName}" is not an event's`, status: 400 };
  if (kind !== 'recording') return { ok: true, callback: { kind, eventId, streamName } };
  const url = String(fields.video_url ?? '');
  const format = String(fields.file_format ?? '').toLowerCase();
  if (!isRecordingUrl(settings, url))
    return { ok: false, why: `the recording's video_url is not https on ${settings.vodDomain}`, status: 400 };
  return {
    ok: true,
    callback: {
      kind,
      eventId,
      streamName,
      url,
      format,
      durationS: Math.max(0, Number(fields.duration) || 0),
    },
  };
}
