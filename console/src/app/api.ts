/**
 * The console's one API client: contract paths, the envelope unwrapped, the session token sent as the app sends it
 * (Bearer, from the same storage as the viewer app: src/lib/auth.ts), the console's language on every call. A failure
 * throws ApiError with the server's message (already in that language) and its data (refused fields, the current
 * event of a version conflict).
 */
import type { operations } from '../../../schemas/api/types.gen';
import { clearTokens, getStoredToken } from '../../../src/lib/auth';
import { currentLocale } from './i18n.ts';

type Json = { 'application/json': unknown };
type Answer<Op extends keyof operations> = operations[Op]['responses'][200]['content'] extends Json
  ? operations[Op]['responses'][200]['content']['application/json']
  : never;
export type Data<Op extends keyof operations> = Answer<Op> extends { data: infer D } ? D : never;

export class ApiError extends Error {
  constructor(
    readonly xcode: number,
    message: string,
    readonly data: unknown,
  ) {
    super(message);
  }
}

/** xcodes of a missing, expired or replaced login: the console goes back to its sign-in. */
const SIGNED_OUT = new Set([401, 100004, 100005]);
const signedOutListeners = new Set<() => void>();
export function onSignedOut(listener: () => void): () => void {
  signedOutListeners.add(listener);
  return () => signedOutListeners.delete(listener);
}

export const sessionToken = () => getStoredToken('');

async function request<Op extends keyof operations>(
  method: 'GET' | 'POST',
  path: string,
  options: { query?: Record<string, string | number | boolean | undefined>; body?: object },
): Promise<Data<Op>> {
  const params = new URLSearchParams({ locale: currentLocale() });
  for (const [name, value] of Object.entries(options.query ?? {}))
    if (value !== undefined && value !== '') params.set(name, String(value));
  const token = sessionToken();
  const response = await fetch(`${path}?${params}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(options.body ? { 'content-type': 'application/json' } : {}),
    },
    body: options.body ? JSON.stringify(options.body) : undefined,
  });
  const envelope = (await response.json()) as { xcode: number; msg: string; data: unknown };
  if (envelope.xcode >= 200 && envelope.xcode <= 202) return envelope.data as Data<Op>;
  if (SIGNED_OUT.has(envelope.xcode)) {
    clearTokens();
    for (const listener of signedOutListeners) listener();
  }
  throw new ApiError(envelope.xcode, envelope.msg, envelope.data);
}

export const api = {
  get: <Op extends keyof operations>(
    path: string,
    query?: Record<string, string | number | boolean | undefined>,
  ) => request<Op>('GET', path, { query }),
  post: <Op extends keyof operations>(path: string, body: object) => request<Op>('POST', path, { body }),
};
