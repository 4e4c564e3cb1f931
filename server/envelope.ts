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

/** Picks the text of one locale from a plain or localized message. */
export function localize(message: string | LocalizedText, locale: Locale): string {
  return typeof message === 'string' ? message : message[locale];
}

/** Thrown by handlers for an expected failure; the error handler turns it into an envelope in the request's locale. */
export class ApiFailure extends Error {
  readonly texts: string | LocalizedText;
  constructor(
    readonly xcode: number,
    message: string | LocalizedText,
    readonly data: unknown = null,
  ) {
    super(localize(message, 'zh-CN'));
    this.texts = message;
  }
}
