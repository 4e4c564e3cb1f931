/**
 * The local upload host: what the qiniu-js v3 client talks to, so uploads work for real without a Qiniu account.
 *
 * - form upload: `POST <host>/` multipart (file, token, key, fname, crc32)
 * - chunked upload v2: `POST <host>/buckets/{bucket}/objects/{base64Key}/uploads` (init) ->
 *   `PUT .../uploads/{uploadId}/{partNumber}` (octet-stream part, Content-MD5) -> `POST .../uploads/{uploadId}`
 *   (complete with the parts' etags); `DELETE .../uploads/{uploadId}` aborts.
 *
 * Tokens are checked like Qiniu checks them (signature, deadline, scope, fsizeLimit, mimeLimit). The type is read
 * from the file's bytes and limited to images and videos; images up to maxImageBytes, videos up to maxVideoBytes.
 * Failures answer a non-200 status (qiniu-js reports those as errors) with the envelope plus Qiniu's `error` field.
 * Accepted files are served at `/uploads/<key>` with the sniffed type, `nosniff` and a sandbox CSP.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { crc32 } from 'node:zlib';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyMultipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import type { Sql } from '../db/sql.ts';
import { QiniuEtag } from './etag.ts';
import type { UploadSettings } from './settings.ts';
import { sniff, type Sniffed } from './sniff.ts';
import {
  fromUrlSafeBase64,
  keyAllowed,
  mimeAllowed,
  scopeOf,
  UploadTokenError,
  verifyUploadToken,
  type PutPolicy,
} from './token.ts';

export const UPLOAD_HOST_PATH = '/qiniu-up';
export const UPLOADS_PATH = '/uploads';

/** A refused upload: HTTP status (Qiniu's codes: 401 token, 413 too large, 612 no such upload, 614 exists). */
export class UploadError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

const TOKEN_USED = 'this upload token has already stored its file: ask for a new one';
/** The token id at the end of a token's key prefix (`livev3/<user>/<yyyymmdd>/<id>/`). */
const tokenIdOf = (policy: PutPolicy): string | null =>
  /^livev3\/\d+\/\d{8}\/([0-9a-f]{24})\/$/.exec(scopeOf(policy).keyPrefix)?.[1] ?? null;

const KEY_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]*(\/[A-Za-z0-9][A-Za-z0-9._-]*)*$/;
const SESSION_TTL_S = 7 * 24 * 3600;

type HostOptions = { settings: UploadSettings; now: () => number };

type Received = { file: string; size: number; head: Buffer; hash: string; md5: string; crc32: number };

/** Streams `source` into `file`, refusing it once it passes `limit` bytes; hashes on the way. */
async function receive(
  source: AsyncIterable<Buffer>,
  file: string,
  limit: number,
  tooLarge: string,
): Promise<Received> {
  const out = fs.createWriteStream(file);
  const etag = new QiniuEtag();
  const md5 = crypto.createHash('md5');
  let size = 0;
  let crc = 0;
  const headChunks: Buffer[] = [];
  let headSize = 0;
  try {
    for await (const chunk of source) {
      size += chunk.length;
      if (size > limit) throw new UploadError(413, tooLarge);
      etag.update(chunk);
      md5.update(chunk);
      crc = crc32(chunk, crc);
      if (headSize < 512) {
        headChunks.push(chunk.subarray(0, 512 - headSize));
        headSize += Math.min(chunk.length, 512 - headSize);
      }
      if (!out.write(chunk)) await new Promise((resolve) => out.once('drain', resolve));
    }
    await new Promise<void>((resolve, reject) =>
      out.end((error?: Error | null) => (error ? reject(error) : resolve())),
    );
  } catch (error) {
    out.destroy();
    await fs.promises.rm(file, { force: true });
    throw error;
  }
  return {
    file,
    size,
    head: Buffer.concat(headChunks),
    hash: etag.digest(),
    md5: md5.digest('hex'),
    crc32: crc,
  };
}

function tokenFromHeader(request: FastifyRequest): string {
  const header = request.headers.authorization ?? '';
  const match = /^UpToken\s+(.+)$/i.exec(header);
  if (!match?.[1]) throw new UploadError(401, 'missing upload token (Authorization: UpToken <token>)');
  return match[1];
}

/** The viewer a token was issued to (its endUser), when it names one. */
const userOf = (policy: PutPolicy): number | null =>
  policy.endUser && /^\d+$/.test(policy.endUser) ? Number(policy.endUser) : null;

function decodeKey(encoded: string): string {
  if (encoded === '~') throw new UploadError(400, 'a key is required');
  return fromUrlSafeBase64(encoded).toString('utf8');
}

export async function uploadHost(app: FastifyInstance, options: HostOptions): Promise<void> {
  const { settings, now } = options;
  const filesDir = path.join(settings.dir, 'files');
  const workDir = path.join(settings.dir, 'work');
  fs.mkdirSync(filesDir, { recursive: true });
  fs.mkdirSync(workDir, { recursive: true });

  const sql = app.sql;
  const exists = async (key: string) =>
    (await sql.selectFrom('uploads').select('key').where('key', '=', key).executeTakeFirst()) !== undefined;
  const sessionOf = (uploadId: string) =>
    sql
      .selectFrom('upload_sessions')
      .select(['key', 'expires_at'])
      .where('id', '=', uploadId)
      .executeTakeFirst();
  const partsOf = (uploadId: string) =>
    sql
      .selectFrom('upload_parts')
      .select(['part_number', 'size', 'etag'])
      .where('upload_id', '=', uploadId)
      .orderBy('part_number')
      .execute();
  const deleteSession = (uploadId: string) =>
    sql.deleteFrom('upload_sessions').where('id', '=', uploadId).execute();

  /**
   * The policy of a token this server issued (signature, deadline, and its row in upload_tokens); `fresh` also
   * refuses a token that already stored its one file.
   */
  const verify = async (token: string, fresh = false): Promise<PutPolicy> => {
    let policy: PutPolicy;
    try {
      policy = verifyUploadToken(settings.keys, token, now());
    } catch (error) {
      if (error instanceof UploadTokenError) throw new UploadError(401, error.message);
      throw error;
    }
    const id = tokenIdOf(policy);
    const row = id
      ? await sql
          .selectFrom('upload_tokens')
          .select(['user_id', 'used_key'])
          .where('id', '=', id)
          .executeTakeFirst()
      : undefined;
    if (!row || String(row.user_id) !== policy.endUser) throw new UploadError(401, 'unknown upload token');
    if (fresh && row.used_key !== null) throw new UploadError(403, TOKEN_USED);
    return policy;
  };
  /** One file per token, and at most dailyBytes per viewer per 24 hours; claims the token for `key`. */
  const claim = async (trx: Sql, policy: PutPolicy, key: string, size: number) => {
    const userId = Number(policy.endUser);
    const { stored } = await trx
      .selectFrom('uploads')
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('size'), eb.lit(0)).as('stored'))
      .where('user_id', '=', userId)
      .where('created_at', '>', now() - 24 * 3600 * 1000)
      .executeTakeFirstOrThrow();
    if (Number(stored) + size > (settings.dailyBytes ?? Number.MAX_SAFE_INTEGER))
      throw new UploadError(403, 'upload quota reached: try again tomorrow');
    const claimed = await trx
      .updateTable('upload_tokens')
      .set({ used_key: key })
      .where('id', '=', tokenIdOf(policy) ?? '')
      .where('used_key', 'is', null)
      .returning('id')
      .executeTakeFirst();
    if (!claimed) throw new UploadError(403, TOKEN_USED);
  };
  const checkKey = (policy: PutPolicy, bucket: string, key: string) => {
    if (!KEY_PATTERN.test(key) || key.length > 512) throw new UploadError(400, `invalid key: ${key}`);
    if (!keyAllowed(policy, bucket, key))
      throw new UploadError(403, 'the upload token does not allow this key');
  };
  const limitOf = (policy: PutPolicy) =>
    Math.min(policy.fsizeLimit ?? settings.maxVideoBytes, settings.maxVideoBytes);
  const tooLargeMessage = `file too large: videos up to ${settings.maxVideoBytes / 1024 / 1024}MB`;
  /** Type and size rules for a whole file. */
  const accept = (policy: PutPolicy, head: Buffer, size: number): Sniffed => {
    const type = sniff(head);
    if (!type || !mimeAllowed(policy, type.mime))
      throw new UploadError(
        415,
        'only images (jpeg, png, gif, webp, bmp, heic, avif) and videos can be uploaded',
      );
    if (type.kind === 'image' && size > settings.maxImageBytes)
      throw new UploadError(413, `image size must not exceed ${settings.maxImageBytes / 1024 / 1024}MB`);
    if (size > limitOf(policy)) throw new UploadError(413, tooLargeMessage);
    return type;
  };
  /**
   * Moves a received file to its key and records it, in one transaction with claiming the token: a key taken by a
   * concurrent upload (the primary key) answers 614 and leaves the token unused. Keys are never overwritten.
   */
  const store = (policy: PutPolicy, key: string, received: Received, type: Sniffed, fname: string) =>
    sql.transaction().execute(async (trx) => {
      const taken = () => new UploadError(614, 'file exists');
      if (await trx.selectFrom('uploads').select('key').where('key', '=', key).executeTakeFirst())
        throw taken();
      await claim(trx, policy, key, received.size);
      const inserted = await trx
        .insertInto('uploads')
        .values({
          key,
          user_id: userOf(policy),
          size: received.size,
          mime: type.mime,
          hash: received.hash,
          fname: fname.slice(0, 255),
          created_at: now(),
        })
        .onConflict((conflict) => conflict.column('key').doNothing())
        .returning('key')
        .executeTakeFirst();
      if (!inserted) throw taken();
      const target = path.join(filesDir, key);
      fs.mkdirSync(path.dirname(target), { recursive: true });
      fs.renameSync(received.file, target);
      return { key, hash: received.hash, fsize: received.size, mimeType: type.mime };
    });
  const workFile = () => path.join(workDir, crypto.randomBytes(12).toString('hex'));
  const partsDir = (uploadId: string) => path.join(workDir, `parts-${uploadId}`);

  // Abandoned uploads: expired chunked uploads and their parts, and work files a crash left behind, go at start and
  // hourly.
  const sweep = async () => {
    const expired = await sql
      .deleteFrom('upload_sessions')
      .where((eb) => eb(eb('expires_at', '*', 1000), '<', now()))
      .returning('id')
      .execute();
    for (const { id } of expired) fs.rmSync(partsDir(id), { recursive: true, force: true });
    const dayAgo = now() - 24 * 3600 * 1000;
    for (const name of fs.readdirSync(workDir)) {
      const file = path.join(workDir, name);
      if (!name.startsWith('parts-') && fs.statSync(file).mtimeMs < dayAgo) fs.rmSync(file, { force: true });
    }
  };
  await sweep();
  const sweeper = setInterval(() => sweep().catch((error: unknown) => app.log.error(error)), 3600 * 1000);
  sweeper.unref();
  app.addHook('onClose', async () => {
    clearInterval(sweeper);
    if (settings.temporary) await fs.promises.rm(settings.dir, { recursive: true, force: true });
  });

  await app.register(fastifyMultipart, { throwFileSizeLimit: true });
  // Chunk bodies are streamed to disk by the handler, never buffered.
  app.addContentTypeParser('application/octet-stream', (_request, _payload, done) => done(null));

  app.setErrorHandler((error: FastifyError, request, reply) => {
    let status = 500;
    let message = 'upload failed: internal error';
    if (error instanceof UploadError) {
      status = error.status;
      message = error.message;
    } else if (error.validation) {
      status = 400;
      message = `Invalid request: ${error.validationContext ?? 'request'} ${error.validation[0]?.message ?? 'is invalid'}`;
    } else if (error.code === 'FST_REQ_FILE_TOO_LARGE' || error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      status = 413;
      message = tooLargeMessage;
    } else if (error.code?.startsWith('FST_') && error.statusCode && error.statusCode < 500) {
      status = error.statusCode;
      message = error.message;
    } else request.log.error(error);
    const body = { xcode: status, msg: message, data: null, error: message };
    if (status < 600) return reply.code(status).send(body);
    // Qiniu's own codes (612, 614) are outside what Fastify sends; qiniu-js acts on them (612 drops its resume cache).
    reply.hijack();
    reply.raw.writeHead(status, {
      'Content-Type': 'application/json; charset=utf-8',
      'Access-Control-Allow-Origin': '*',
    });
    reply.raw.end(JSON.stringify(body));
    return reply;
  });

  // Qiniu's hosts answer any origin: the token is the credential, not a cookie.
  app.addHook('onSend', async (_request, reply) => {
    reply.header('Access-Control-Allow-Origin', '*');
    reply.header('Access-Control-Expose-Headers', 'X-Reqid');
  });
  app.options('/*', (_request, reply) =>
    reply
      .code(204)
      .header('Access-Control-Allow-Methods', 'POST, PUT, DELETE')
      .header('Access-Control-Allow-Headers', 'Authorization, Content-Type, Content-MD5')
      .header('Access-Control-Max-Age', '600')
      .send(),
  );

  // Form upload (qiniu-js Direct: files up to 4 MB unless forceDirect).
  app.post('/', async (request) => {
    if (!request.isMultipart()) throw new UploadError(400, 'form upload expects multipart/form-data');
    const limit = settings.maxVideoBytes;
    if (Number(request.headers['content-length'] ?? 0) > limit + 1024 * 1024)
      throw new UploadError(413, tooLargeMessage);
    const fields: Record<string, string> = {};
    let received: Received | null = null;
    try {
      for await (const part of request.parts({
        limits: { fileSize: limit, files: 1, fields: 32, fieldSize: 64 * 1024 },
      })) {
        if (part.type === 'file') {
          if (part.fieldname !== 'file')
            throw new UploadError(400, `unexpected file field ${part.fieldname}`);
          received = await receive(
            part.file as Readable & AsyncIterable<Buffer>,
            workFile(),
            limit,
            tooLargeMessage,
          );
          if (part.file.truncated) throw new UploadError(413, tooLargeMessage);
        } else fields[part.fieldname] = String(part.value);
      }
      if (!fields.token) throw new UploadError(401, 'missing upload token');
      const policy = await verify(fields.token, true);
      if (!received) throw new UploadError(400, 'missing file');
      const key = fields.key;
      if (!key) throw new UploadError(400, 'a key is required');
      checkKey(policy, settings.bucket, key);
      const type = accept(policy, received.head, received.size);
      if (fields.crc32 !== undefined && Number(fields.crc32) !== received.crc32)
        throw new UploadError(406, 'crc32 mismatch: the file was damaged on the way');
      return await store(policy, key, received, type, fields.fname ?? '');
    } catch (error) {
      // A malformed multipart body (busboy's parse errors carry no status) is the client's error, not a 500.
      if (error instanceof UploadError || (error as FastifyError).code?.startsWith('FST_')) throw error;
      if (error instanceof Error && !(error as NodeJS.ErrnoException).syscall)
        throw new UploadError(400, `malformed multipart/form-data body: ${error.message}`);
      throw error;
    } finally {
      if (received) await fs.promises.rm(received.file, { force: true });
    }
  });

  type ObjectParams = { bucket: string; key: string };
  type UploadParams = ObjectParams & { uploadId: string };

  const openSession = async (params: UploadParams, policy: PutPolicy) => {
    const key = decodeKey(params.key);
    checkKey(policy, params.bucket, key);
    const session = await sessionOf(params.uploadId);
    if (!session || session.key !== key || session.expires_at * 1000 < now())
      throw new UploadError(612, 'no such upload (unknown or expired uploadId)');
    return key;
  };

  // Chunked upload v2: init.
  app.post<{ Params: ObjectParams }>('/buckets/:bucket/objects/:key/uploads', async (request) => {
    const policy = await verify(tokenFromHeader(request), true);
    const key = decodeKey(request.params.key);
    checkKey(policy, request.params.bucket, key);
    if (await exists(key)) throw new UploadError(614, 'file exists');
    const uploadId = crypto.randomBytes(16).toString('hex');
    const expireAt = Math.floor(now() / 1000) + SESSION_TTL_S;
    await sql
      .insertInto('upload_sessions')
      .values({ id: uploadId, key, user_id: userOf(policy), expires_at: expireAt, created_at: now() })
      .execute();
    fs.mkdirSync(partsDir(uploadId), { recursive: true });
    return { uploadId, expireAt };
  });

  // Chunked upload v2: one part.
  app.put<{ Params: UploadParams & { partNumber: string } }>(
    '/buckets/:bucket/objects/:key/uploads/:uploadId/:partNumber',
    async (request) => {
      const policy = await verify(tokenFromHeader(request), true);
      const { uploadId } = request.params;
      await openSession(request.params, policy);
      const partNumber = Number(request.params.partNumber);
      if (!Number.isInteger(partNumber) || partNumber < 1 || partNumber > 10000)
        throw new UploadError(400, 'partNumber must be an integer from 1 to 10000');
      const others = (await partsOf(uploadId))
        .filter((part) => part.part_number !== partNumber)
        .reduce((sum, part) => sum + part.size, 0);
      const limit = limitOf(policy) - others;
      if (Number(request.headers['content-length'] ?? 0) > limit) throw new UploadError(413, tooLargeMessage);
      const received = await receive(request.raw, workFile(), limit, tooLargeMessage);
      try {
        // The first part decides the type: a wrong file is refused before the rest travels.
        if (partNumber === 1 && (!sniff(received.head) || received.size === 0))
          throw new UploadError(415, 'only images and videos can be uploaded');
        const declaredMd5 = request.headers['content-md5'];
        if (typeof declaredMd5 === 'string' && declaredMd5.toLowerCase() !== received.md5)
          throw new UploadError(406, 'Content-MD5 mismatch: the part was damaged on the way');
        // File and row change together under the session row's lock (the no-op update takes it on PostgreSQL; SQLite
        // runs one transaction at a time), so concurrent puts of one part never leave them disagreeing.
        await sql.transaction().execute(async (trx) => {
          const open = await trx
            .updateTable('upload_sessions')
            .set((eb) => ({ expires_at: eb.ref('expires_at') }))
            .where('id', '=', uploadId)
            .returning('id')
            .executeTakeFirst();
          if (!open) throw new UploadError(612, 'no such upload (aborted or completed)');
          fs.renameSync(received.file, path.join(partsDir(uploadId), String(partNumber)));
          await trx
            .insertInto('upload_parts')
            .values({ upload_id: uploadId, part_number: partNumber, size: received.size, etag: received.md5 })
            .onConflict((conflict) =>
              conflict.columns(['upload_id', 'part_number']).doUpdateSet((eb) => ({
                size: eb.ref('excluded.size'),
                etag: eb.ref('excluded.etag'),
              })),
            )
            .execute();
        });
      } finally {
        await fs.promises.rm(received.file, { force: true });
      }
      return { etag: received.md5, md5: received.md5 };
    },
  );

  // Chunked upload v2: complete (parts joined in order, checked as a whole, stored under the key).
  app.post<{
    Params: UploadParams;
    Body: { parts?: { etag?: string; partNumber?: number }[]; fname?: string };
  }>('/buckets/:bucket/objects/:key/uploads/:uploadId', async (request) => {
    const policy = await verify(tokenFromHeader(request), true);
    const { uploadId } = request.params;
    const key = await openSession(request.params, policy);
    const listed = request.body?.parts;
    if (!Array.isArray(listed) || listed.length === 0) throw new UploadError(400, 'parts are required');
    const stored = new Map((await partsOf(uploadId)).map((part) => [part.part_number, part]));
    let previous = 0;
    for (const part of listed) {
      const number = part.partNumber ?? 0;
      if (number <= previous)
        throw new UploadError(400, 'parts must be listed in ascending partNumber order');
      previous = number;
      if (stored.get(number)?.etag !== part.etag)
        throw new UploadError(400, `part ${number} was not uploaded or differs`);
    }
    const dir = partsDir(uploadId);
    async function* joined(): AsyncIterable<Buffer> {
      for (const part of listed!)
        yield* fs.createReadStream(path.join(dir, String(part.partNumber))) as AsyncIterable<Buffer>;
    }
    const received = await receive(joined(), workFile(), limitOf(policy), tooLargeMessage);
    try {
      const type = accept(policy, received.head, received.size);
      const result = await store(policy, key, received, type, request.body.fname ?? '');
      await deleteSession(uploadId);
      await fs.promises.rm(dir, { recursive: true, force: true });
      return result;
    } finally {
      await fs.promises.rm(received.file, { force: true });
    }
  });

  // Chunked upload v2: abort.
  app.delete<{ Params: UploadParams }>('/buckets/:bucket/objects/:key/uploads/:uploadId', async (request) => {
    const policy = await verify(tokenFromHeader(request));
    await openSession(request.params, policy);
    await deleteSession(request.params.uploadId);
    await fs.promises.rm(partsDir(request.params.uploadId), { recursive: true, force: true });
    return {};
  });
}

/** Accepted files at /uploads/<key>, typed from what was sniffed at upload, never from the name. */
export async function uploadedFiles(app: FastifyInstance, options: { settings: UploadSettings }) {
  const filesDir = path.join(options.settings.dir, 'files');
  fs.mkdirSync(filesDir, { recursive: true });
  // The type is read before the static handler runs (its setHeaders is synchronous) and applies to that key only.
  const sniffed = new WeakMap<FastifyReply, { key: string; mime: string }>();
  // The static route's wildcard is the key (absent on the scope's other answers, a 404).
  app.addHook<{ Params: { '*'?: string } }>('preHandler', async (request, reply) => {
    const key = request.params['*'];
    if (!key) return;
    const row = await app.sql.selectFrom('uploads').select('mime').where('key', '=', key).executeTakeFirst();
    if (row) sniffed.set(reply, { key, mime: row.mime });
  });
  await app.register(fastifyStatic, {
    root: filesDir,
    prefix: `${UPLOADS_PATH}/`,
    decorateReply: false,
    cacheControl: false,
    setHeaders(reply: FastifyReply, file: string) {
      const key = path.relative(filesDir, file).split(path.sep).join('/');
      const known = sniffed.get(reply);
      reply.header('Content-Type', known?.key === key ? known.mime : 'application/octet-stream');
      reply.header('X-Content-Type-Options', 'nosniff');
      reply.header('Content-Security-Policy', "default-src 'none'; sandbox");
      // Keys are never overwritten.
      reply.header('Cache-Control', 'public, max-age=31536000, immutable');
      reply.header('Access-Control-Allow-Origin', '*');
    },
  });
}
