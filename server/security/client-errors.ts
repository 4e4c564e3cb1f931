/**
 * Client errors answered with the envelope {xcode, msg, data}, in the request's locale:
 * - `clientErrorText`: the generic text of a 4xx the framework or a plugin raised (the static server's 403, a Range
 *   the file cannot satisfy, a body that does not match its Content-Length or Content-Encoding);
 * - `clientErrorHandler`: requests Node refuses before any route sees them (headers or URL too large, a malformed
 *   request line, a header time-out). Node (and Fastify's default) answer these with their own bodies.
 */
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { localize, XCODE, type Locale, type LocalizedText } from '../envelope.ts';

const TEXTS: Record<number, LocalizedText> = {
  400: { 'zh-CN': '请求无效', en: 'Bad request' },
  401: { 'zh-CN': '请先登录', en: 'Please log in first' },
  403: { 'zh-CN': '禁止访问', en: 'Forbidden' },
  404: { 'zh-CN': '找不到请求的内容', en: 'Not found' },
  405: { 'zh-CN': '不支持该请求方法', en: 'Method not allowed' },
  406: { 'zh-CN': '无法提供可接受的内容', en: 'Not acceptable' },
  408: { 'zh-CN': '请求超时', en: 'Request timed out' },
  411: { 'zh-CN': '请求缺少内容长度', en: 'Content-Length required' },
  413: { 'zh-CN': '请求内容过大', en: 'Request body is too large' },
  414: { 'zh-CN': '请求地址过长', en: 'Request URL is too long' },
  415: { 'zh-CN': '不支持的内容类型', en: 'Unsupported content type' },
  416: { 'zh-CN': '请求的范围无法满足', en: 'Requested range not satisfiable' },
  429: { 'zh-CN': '请求过于频繁，请稍后再试', en: 'Too many requests, please retry later' },
  431: { 'zh-CN': '请求头过大', en: 'Request headers are too large' },
};

/** The generic text of a 4xx status. */
export function clientErrorText(status: number): LocalizedText {
  return TEXTS[status] ?? { 'zh-CN': `请求无效（${status}）`, en: `Invalid request (${status})` };
}

const XCODES = new Set<number>(Object.values(XCODE));
/** The envelope's xcode for a 4xx status: the status when it is one of ours (401, 403, 404, 413, 429), else 400. */
export function clientErrorXcode(status: number): number {
  return XCODES.has(status) && status >= 400 && status < 500 ? status : XCODE.badRequest;
}

/** A request line longer than this (with headers too large in all) is answered 414 rather than 431. */
const URL_LIMIT = 8 * 1024;

/** Node's clientError: `rawPacket` is the Buffer it could not parse (Fastify's types describe it otherwise). */
type ClientError = Error & { code?: string; rawPacket?: unknown };

/** The bytes Node could not parse, as text. */
const rawText = (error: ClientError): string =>
  Buffer.isBuffer(error.rawPacket)
    ? error.rawPacket.toString('latin1')
    : typeof error.rawPacket === 'string'
      ? error.rawPacket
      : '';

/** What Node refused, as an HTTP status. */
function statusOf(error: ClientError): number {
  switch (error.code) {
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return 408;
    case 'HPE_HEADER_OVERFLOW': {
      // A request line over 8 KB on its own: the URL is what is too long.
      const firstLine = rawText(error).split('\n', 1)[0];
      return firstLine.length > URL_LIMIT && /^[A-Z]+ \S/.test(firstLine) ? 414 : 431;
    }
    case 'HPE_CHUNK_EXTENSIONS_OVERFLOW':
      return 413;
    default:
      return 400;
  }
}

/** The locale a raw request asks for (its `locale` query parameter, else Accept-Language), as requestLocale does. */
function rawLocale(raw: string): Locale {
  const asked = /[?&]locale=([\w-]+)/.exec(raw.split('\n', 1)[0])?.[1];
  if (asked === 'en' || asked === 'zh-CN') return asked;
  return /\r?\naccept-language:[ \t]*en/i.test(raw) ? 'en' : 'zh-CN';
}

/**
 * Fastify's `clientErrorHandler` (it listens to the HTTP server's `clientError`): a minimal HTTP/1.1 answer carrying
 * the envelope, then the connection is closed.
 */
export function clientErrorHandler(error: ClientError, socket: Socket): void {
  // A reset connection has nobody to answer.
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const status = statusOf(error);
  const locale = rawLocale(rawText(error));
  const body = JSON.stringify({
    xcode: clientErrorXcode(status),
    msg: localize(clientErrorText(status), locale),
    data: null,
  });
  if (socket.writable)
    socket.end(
      `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? 'Bad Request'}\r\n` +
        'Content-Type: application/json; charset=utf-8\r\n' +
        `Content-Length: ${Buffer.byteLength(body)}\r\n` +
        'Connection: close\r\n\r\n' +
        body,
    );
  // A client that never closes its side is cut shortly after.
  setTimeout(() => socket.destroy(), 1_000).unref();
}
