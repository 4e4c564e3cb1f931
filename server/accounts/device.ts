/**
 * The browser's device id: a random id in the `livev3_device` cookie (HttpOnly, SameSite=Lax and Secure on https,
 * added by server/security/headers.ts), set on the first code request that comes without one. The code limits count
 * per device (server/accounts/code-limits.ts), so one phone at a venue cannot use up the codes of the venue's address.
 * It identifies a browser, not a person: nothing else reads it.
 */
import crypto from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

export const DEVICE_COOKIE = 'livev3_device';
const DEVICE_ID = /^[A-Za-z0-9_-]{22}$/;
const ONE_YEAR_S = 365 * 86400;

/** The request's device id, or a new one set on the reply. */
export function deviceOf(request: FastifyRequest, reply: FastifyReply): string {
  const kept = new RegExp(`(?:^|;\\s*)${DEVICE_COOKIE}=([^;]*)`).exec(request.headers.cookie ?? '')?.[1];
  if (kept && DEVICE_ID.test(kept)) return kept;
  const id = crypto.randomBytes(16).toString('base64url');
  reply.header('set-cookie', `${DEVICE_COOKIE}=${id}; Path=/; Max-Age=${ONE_YEAR_S}`);
  return id;
}
