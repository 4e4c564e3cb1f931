/**
 * Security headers on every answer (app, API, streams, uploads), through helmet: a strict
 * Content-Security-Policy (scripts from this origin, the WeChat JS-SDK and the sha256 hashes of the inline scripts of
 * the built index.html, computed at start; never 'unsafe-inline' scripts), nosniff, a referrer policy, frame-ancestors
 * and the cookie flags. Server-made HTML pages (the WeChat sandbox's) get the hashes of their own inline scripts.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import { projectRoot } from '../config.ts';

/** Where the real WeChat JS-SDK is served from (constants.wechatJsSdkUrl points there in production). */
export const WECHAT_SCRIPT_ORIGINS = ['https://res.wx.qq.com', 'https://res2.wx.qq.com'];
/** Qiniu's upload hosts (qiniu-js picks one per region; the local upload host is same-origin). */
const QINIU_UPLOAD_HOSTS = ['https://*.qiniup.com', 'https://*.qbox.me', 'https://*.qiniuio.com'];

/** Where the API's calls live (their answers get the data headers, not a page's). */
const API_PREFIX = '/v3/api/';

const INLINE_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script>/gi;

/** `'sha256-...'` sources for the inline scripts (those without src) of an HTML document. */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const [, attributes, body] of html.matchAll(INLINE_SCRIPT)) {
    if (/\bsrc\s*=/i.test(attributes ?? '') || !body) continue;
    hashes.push(`'sha256-${crypto.createHash('sha256').update(body, 'utf8').digest('base64')}'`);
  }
  return [...new Set(hashes)];
}

export type HeaderOptions = {
  distDir: string;
  /** Other origins the app talks to: constants.apiOrigin, the Qiniu file domain. */
  apiOrigin?: string;
  uploadDomain?: string;
  /** Where players fetch streams from besides this server: a cloud live service's play and VOD domains. */
  streamOrigins?: string[];
  /** Secure cookies (and HSTS) when the public origin is https. */
  publicOrigin: string;
};

const origin = (url: string | undefined) => {
  if (!url) return null;
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
};

export function cspDirectives(scriptHashes: string[], options: Omit<HeaderOptions, 'distDir'>) {
  const others = [
    origin(options.apiOrigin),
    origin(options.uploadDomain),
    ...(options.streamOrigins ?? []).map(origin),
  ].filter((value): value is string => Boolean(value));
  return {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'", ...scriptHashes, ...WECHAT_SCRIPT_ORIGINS],
    // hls.js transmuxes in a worker made from a blob URL.
    workerSrc: ["'self'", 'blob:'],
    // Themes and vanilla-extract's dynamic variables set style attributes; styles cannot run code.
    styleSrc: ["'self'", "'unsafe-inline'"],
    // Covers, avatars (WeChat's image hosts), QR codes, previews of picked files.
    imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
    // hls.js plays through Media Source (blob: URLs); uploaded videos and native HLS from this origin.
    mediaSrc: ["'self'", 'blob:', 'https:'],
    // The API, socket.io (same origin, websocket included), Qiniu's upload hosts, a cloud live service's streams.
    connectSrc: ["'self'", 'ws:', 'wss:', ...QINIU_UPLOAD_HOSTS, ...others],
    fontSrc: ["'self'", 'data:'],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    frameAncestors: ["'self'"],
  };
}

function serialise(directives: Record<string, string[]>): string {
  return Object.entries(directives)
    .map(
      ([name, values]) =>
        `${name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)} ${values.join(' ')}`,
    )
    .join('; ');
}

/** Adds SameSite, Secure (https origins) and HttpOnly to a Set-Cookie value that lacks them. */
export function hardenCookie(cookie: string, secure: boolean): string {
  let value = cookie;
  // auth_token_2 is read by the app itself (the WeChat browser's fallback): it stays readable by script.
  if (!/;\s*httponly/i.test(value) && !/^\s*auth_token_2=/i.test(value)) value += '; HttpOnly';
  if (!/;\s*samesite=/i.test(value)) value += '; SameSite=Lax';
  if (secure && !/;\s*secure/i.test(value)) value += '; Secure';
  return value;
}

/**
 * The headers helmet sets for these options. They depend on nothing in the request, so they are worked out once at
 * start: helmet's middleware built per request (as @fastify/helmet does) parses the whole policy again for every
 * answer, a tenth of the detail call's CPU time.
 */
export function staticHeaders(options: Readonly<HelmetOptions>): Record<string, string> {
  const request = new IncomingMessage(new Socket());
  const response = new ServerResponse(request);
  helmet(options)(request, response, (error?: unknown) => {
    if (error) throw error;
  });
  return Object.fromEntries(
    Object.entries(response.getHeaders()).map(([name, value]) => [name, String(value)]),
  );
}

export async function securityHeaders(app: FastifyInstance, options: HeaderOptions): Promise<void> {
  const indexFile = path.join(options.distDir, 'index.html');
  const appHashes = fs.existsSync(indexFile) ? inlineScriptHashes(fs.readFileSync(indexFile, 'utf8')) : [];
  const directives = cspDirectives(appHashes, options);
  const secure = options.publicOrigin.startsWith('https:');
  const hsts = secure ? { maxAge: 15_552_000, includeSubDomains: false } : false;
  const pageHeaders = staticHeaders({
    contentSecurityPolicy: { useDefaults: false, directives },
    // The app opens WeChat's pay pages and share targets; nothing it embeds needs isolation.
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: { policy: 'same-site' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    frameguard: { action: 'sameorigin' },
    strictTransportSecurity: hsts,
  });
  // An API answer is data, never a document: it may load nothing and be framed by nothing, and the document-only
  // headers (COOP, origin-agent-cluster, DNS prefetch, referrer policy, ...) mean nothing on it. A third of the page set's bytes,
  // which the busiest calls (the detail, votes) would otherwise send every time.
  const apiHeaders = staticHeaders({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] },
    },
    crossOriginEmbedderPolicy: false,
    crossOriginOpenerPolicy: false,
    crossOriginResourcePolicy: { policy: 'same-site' },
    originAgentCluster: false,
    // Data opens no links: the page's referrer policy governs the app's requests.
    referrerPolicy: false,
    // frame-ancestors 'none' says it to every browser that reads CSP (X-Frame-Options is its legacy form).
    frameguard: false,
    strictTransportSecurity: hsts,
    xDnsPrefetchControl: false,
    xDownloadOptions: false,
    xPermittedCrossDomainPolicies: false,
    xXssProtection: false,
  });
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(request.url.startsWith(API_PREFIX) ? apiHeaders : pageHeaders);
    done();
  });

  app.addHook('onSend', (_request, reply, payload, done) => {
    const type = String(reply.getHeader('content-type') ?? '');
    if (type.startsWith('text/html')) {
      // A page is a page wherever it is served (the login's error pages are under the API), and a server-made page
      // (the WeChat sandbox's) runs its own inline scripts: exactly those, by hash.
      reply.headers(pageHeaders);
      const hashes = typeof payload === 'string' ? inlineScriptHashes(payload) : [];
      if (hashes.length)
        reply.header(
          'content-security-policy',
          serialise({ ...directives, scriptSrc: ["'self'", ...hashes, ...WECHAT_SCRIPT_ORIGINS] }),
        );
    }
    const cookies = reply.getHeader('set-cookie');
    if (cookies !== undefined) {
      const list = Array.isArray(cookies) ? cookies : [String(cookies)];
      reply.header(
        'set-cookie',
        list.map((cookie) => hardenCookie(String(cookie), secure)),
      );
    }
    done(null, payload);
  });
}

/** The app's constants from config/app.json (the other origins it talks to). */
export function appConstants(): { apiOrigin?: string } {
  try {
    const config = JSON.parse(fs.readFileSync(path.join(projectRoot, 'config/app.json'), 'utf8')) as {
      constants?: { apiOrigin?: string };
    };
    return config.constants ?? {};
  } catch {
    return {};
  }
}
