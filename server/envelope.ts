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

/** Thrown by handlers for an expected failure; the error handler turns it into an envelope. */
export class ApiFailure extends Error {
  constructor(
    readonly xcode: number,
    message: string,
    readonly data: unknown = null,
  ) {
    super(message);
  }
}
