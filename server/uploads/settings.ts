/** Upload settings (server/README.md, "Uploads"): where files go, the signing secret, the limits. */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ReplyData } from '../contract/types.ts';
import type { UploadKeys } from './token.ts';

export const MB = 1024 * 1024;

/** The Qiniu regions the upload token answer may name (its `region` enum in schemas/api/uploads.json). */
type QiniuRegion = NonNullable<ReplyData<'qiniuUploadToken'>['region']>;
const QINIU_REGIONS: readonly QiniuRegion[] = ['ECN', 'NCN', 'SCN', 'NA', 'ASG'];

/** QINIU_REGION (default ECN); any other value stops the server at start rather than reach the app. */
function qiniuRegion(value = 'ECN'): QiniuRegion {
  const region = QINIU_REGIONS.find((known) => known === value);
  if (!region) throw new Error(`QINIU_REGION must be one of ${QINIU_REGIONS.join(', ')}, not ${value}`);
  return region;
}

export type UploadSettings = {
  /** Files under `<dir>/files/<key>`, work files (form parts, chunk parts) under `<dir>/work`. */
  dir: string;
  /** Keys that sign tokens for the local upload host. */
  keys: UploadKeys;
  bucket: string;
  maxImageBytes: number;
  maxVideoBytes: number;
  tokenTtlSeconds: number;
  /** Upload tokens one viewer may take per hour (UPLOAD_TOKENS_PER_HOUR, default 60). */
  tokensPerHour?: number;
  /** Bytes one viewer may store on the local upload host per 24 hours (UPLOAD_DAILY_MB, default 2048). */
  dailyBytes?: number;
  /** Real Qiniu: tokens signed with these keys for that bucket and domain; the client uploads to Qiniu itself. */
  qiniu: (UploadKeys & { bucket: string; domain: string; region: QiniuRegion }) | null;
  /** A directory made for an in-memory database: removed when the server closes. */
  temporary?: boolean;
};

/**
 * UPLOAD_DIR, else `uploads/` beside the database (a fresh temporary directory for an in-memory database).
 */
export function readUploadSettings(
  databasePath: string,
  env: NodeJS.ProcessEnv = process.env,
): UploadSettings {
  const qiniu =
    env.QINIU_ACCESS_KEY && env.QINIU_SECRET_KEY && env.QINIU_BUCKET && env.QINIU_DOMAIN
      ? {
          accessKey: env.QINIU_ACCESS_KEY,
          secretKey: env.QINIU_SECRET_KEY,
          bucket: env.QINIU_BUCKET,
          domain: env.QINIU_DOMAIN.replace(/\/+$/, ''),
          region: qiniuRegion(env.QINIU_REGION),
        }
      : null;
  return {
    dir: env.UPLOAD_DIR
      ? path.resolve(env.UPLOAD_DIR)
      : databasePath === ':memory:'
        ? fs.mkdtempSync(path.join(os.tmpdir(), 'livev3-uploads-'))
        : path.join(path.dirname(path.resolve(databasePath)), 'uploads'),
    // Without UPLOAD_SECRET a random one per process: tokens then stop working when the server restarts.
    keys: {
      accessKey: 'livev3-local',
      secretKey: env.UPLOAD_SECRET || crypto.randomBytes(32).toString('hex'),
    },
    bucket: 'livev3',
    maxImageBytes: 10 * MB,
    maxVideoBytes: 300 * MB,
    tokenTtlSeconds: 3600,
    tokensPerHour: Number(env.UPLOAD_TOKENS_PER_HOUR) || 60,
    dailyBytes: (Number(env.UPLOAD_DAILY_MB) || 2048) * MB,
    qiniu,
    temporary: !env.UPLOAD_DIR && databasePath === ':memory:',
  };
}
