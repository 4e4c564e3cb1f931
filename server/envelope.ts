/** Every answer is the envelope {xcode, msg, data}. Codes are listed in server/README.md. */
export type Envelope<T = unknown> = { xcode: number; msg: string; data: T };

export const XCODE = {
  ok: 200,
  badRequest: 400,
  loginRequired: 401,
  forbidden: 403,
  notFound: 404,
  tooLarge: 413,
  tooManyRequests: 429,
  internal: 500,
  loginExpired: 100004,
  loginReplaced: 100005,
} as const;

export function ok<T>(data: T, msg = 'ok'): Envelope<T> {
  return { xcode: XCODE.ok, msg, data };
}

export type Locale = 'zh-CN' | 'en';
/** A message in both languages; the answer carries the one of the request's locale. */
export type LocalizedText = Record<Locale, string>;

/**
 * The request's locale: the `locale` query parameter the client sends on every call, else the first language of
 * Accept-Language that the app speaks, else zh-CN (the app's default language).
 */
export function requestLocale(request: {
  query?: unknown;
  headers: Record<string, string | string[] | undefined>;
}): Locale {
  const query: { locale?: unknown } =
    typeof request.query === 'object' && request.query !== null ? request.query : {};
  const asked = typeof query.locale === 'string' ? query.locale : undefined;
  if (asked === 'en' || asked === 'zh-CN') return asked;
  const accept = request.headers['accept-language'];
  const first = (Array.isArray(accept) ? accept[0] : accept)?.split(',')[0]?.trim().toLowerCase() ?? '';
  return first.startsWith('en') ? 'en' : 'zh-CN';
}

/** What a failure nobody expected says (the details go to the log, never to the client). */
export const INTERNAL_ERROR: LocalizedText = { 'zh-CN': '服务器内部错误', en: 'Internal server error' };

/** Picks the text of one locale. Every message the server sends exists in both languages: there is no plain string. */
export function localize(message: LocalizedText, locale: Locale): string {
  return message[locale];
}

/**
 * Thrown by handlers for an expected failure; the error handler turns it into an envelope in the request's locale.
 * It takes the message in both languages only (server/messages.test.ts checks every one: both texts written, the
 * English one without Chinese, the Chinese one not left in English).
 */
export class ApiFailure extends Error {
  constructor(
    readonly xcode: number,
    readonly texts: LocalizedText,
    readonly data: unknown = null,
  ) {
    super(texts['zh-CN']);
  }
}
