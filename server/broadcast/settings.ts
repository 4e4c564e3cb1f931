/**
 * The broadcast settings (server/README.md, Settings): where RTMP is taken, how HLS is cut, which renditions the
 * ladder makes, where the recordings live and how long a dropped encoder has to come back.
 */
import path from 'node:path';
import { readTencentCssSettings, type TencentCssSettings } from './tencent-css.ts';

/** One rung of the ladder: the source passed through, or a rendition of this height (and bitrate). */
export type Rung = { name: string; height: number | null; videoKbps: number; audioKbps: number };

export type BroadcastSettings = {
  /** RTMP_PORT: the ingest's port; null: no ingest (RTMP_PORT=0, or a server built without one). */
  rtmpPort: number | null;
  /** RTMP_HOST: the address the ingest listens on (default: every address, as encoders are elsewhere). */
  rtmpHost: string;
  /** BROADCAST_DIR: where each broadcast's HLS (live, then its replay) is written. */
  dataDir: string;
  /** BROADCAST_SEGMENT_S: HLS segment length in seconds (1-2). */
  segmentSeconds: number;
  /**
   * BROADCAST_LL_HLS: low-latency HLS (parts, blocking playlist reload) from the embedded ingest; off: plain HLS.
   */
  lowLatency: boolean;
  /** BROADCAST_PART_MS: the length of a low-latency part in ms (200-1000), rounded so whole parts make a segment. */
  partMs: number;
  /** BROADCAST_GRACE_S: how long a dropped publisher has to reconnect before the broadcast ends. */
  graceMs: number;
  /** BROADCAST_LADDER: the renditions, `source` (passed through when H.264/AAC) and heights, e.g. `source,360`. */
  ladder: Rung[];
  /** FFMPEG: the ffmpeg binary. */
  ffmpeg: string;
  /** CSS_*: Tencent Cloud CSS for big events (tencent-css.ts); null: the embedded ingest only. */
  cloud: TencentCssSettings | null;
};

/** Video bitrate of a rendition by height (kbit/s), roughly what live platforms use. */
function videoKbpsFor(height: number): number {
  if (height <= 240) return 400;
  if (height <= 360) return 800;
  if (height <= 480) return 1200;
  if (height <= 720) return 2500;
  return 4500;
}

/** `source,360` -> the ladder; a rung that is neither `source` nor a height of 144-2160 stops the start. */
export function parseLadder(text: string): Rung[] {
  const rungs = text
    .split(',')
    .map((part) => part.trim().toLowerCase())
    .filter(Boolean)
    .map((part): Rung => {
      if (part === 'source') return { name: 'source', height: null, videoKbps: 0, audioKbps: 128 };
      const height = Number(part.replace(/p$/, ''));
      if (!Number.isInteger(height) || height < 144 || height > 2160 || height % 2 !== 0)
        throw new Error(`BROADCAST_LADDER: "${part}" is neither "source" nor an even height of 144-2160`);
      return { name: `${height}p`, height, videoKbps: videoKbpsFor(height), audioKbps: 96 };
    });
  if (rungs.length === 0) throw new Error('BROADCAST_LADDER names no rendition');
  if (new Set(rungs.map((rung) => rung.name)).size !== rungs.length)
    throw new Error('BROADCAST_LADDER names a rendition twice');
  return rungs;
}

const number = (env: NodeJS.ProcessEnv, name: string, fallback: number, min: number, max: number) => {
  const text = env[name]?.trim();
  if (!text) return fallback;
  const value = Number(text);
  if (!Number.isFinite(value) || value < min || value > max)
    throw new Error(`${name} must be a number of ${min}-${max} (it is "${text}")`);
  return value;
};

const flag = (env: NodeJS.ProcessEnv, name: string, fallback: boolean) => {
  const text = env[name]?.trim().toLowerCase();
  if (!text) return fallback;
  if (['1', 'true', 'on', 'yes'].includes(text)) return true;
  if (['0', 'false', 'off', 'no'].includes(text)) return false;
  throw new Error(`${name} must be 1 or 0 (it is "${text}")`);
};

/** The settings from the environment; `dataRoot` is the folder the database lives in (default data/). */
export function readBroadcastSettings(env: NodeJS.ProcessEnv, dataRoot: string): BroadcastSettings {
  const port = number(env, 'RTMP_PORT', 1935, 0, 65535);
  return {
    rtmpPort: port === 0 ? null : port,
    rtmpHost: env.RTMP_HOST?.trim() || '0.0.0.0',
    dataDir: env.BROADCAST_DIR ? path.resolve(env.BROADCAST_DIR) : path.join(dataRoot, 'broadcasts'),
    segmentSeconds: number(env, 'BROADCAST_SEGMENT_S', 1, 1, 2),
    lowLatency: flag(env, 'BROADCAST_LL_HLS', true),
    partMs: number(env, 'BROADCAST_PART_MS', 333, 200, 1000),
    graceMs: number(env, 'BROADCAST_GRACE_S', 10, 0, 300) * 1000,
    ladder: parseLadder(env.BROADCAST_LADDER ?? 'source,360'),
    ffmpeg: env.FFMPEG?.trim() || 'ffmpeg',
    cloud: readTencentCssSettings(env),
  };
}
