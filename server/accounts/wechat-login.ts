/**
 * WeChat logins.
 *
 * Web OAuth 2.0 (official account), the redirect flow:
 *   GET /v3/api/user/login/wx?callback=<app url>&token=<video token>&auth_token=none
 *     -> WeChat's authorise URL (appid, redirect_uri, response_type=code, scope from WECHAT_OAUTH_SCOPE, state)
 *   GET /v3/api/user/login/wx/callback?code=...&state=...
 *     -> code exchanged (sns/oauth2/access_token, then sns/userinfo when the scope allows it), the viewer found by
 *        unionid or openid (or created), and the browser sent back to the app with auth_token in the hash query.
 *   The `state` is 32 random letters and digits (WeChat takes a-zA-Z0-9, at most 128 bytes, whatever the length of
 *   PUBLIC_ORIGIN or the return address); the return address is kept on the server under it (wechat_oauth_states)
 *   for 10 minutes, and the callback uses it once. The state is bound to the browser that started the login: the
 *   entry sets a random nonce in an HttpOnly, SameSite=Lax cookie whose path is the callback's, and keeps the nonce's
 *   SHA-256 with the state; the callback takes the state only with that cookie. So a callback address someone else
 *   made (their own login, approved as themselves) cannot log another browser into their account. An unknown,
 *   expired or replayed state, one from another browser, or a refused code, gets an error page, never a session.
 *
 * Codes sent by the client (POST /v3/api/user/login/wx, mini program, phone button) go through `WechatLoginApi`,
 * built on the one WeChat client (server/wechat/client.ts). Locally the emulator issues the codes: its authorise
 * page, and POST /emulator/wechat/code for tests (a code works once and for 5 minutes, like WeChat's).
 */
import crypto from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Sql } from '../db/sql.ts';
import { ApiFailure, ok, XCODE } from '../envelope.ts';
import { fetchTransport, WechatApiError, WechatClient, type Transport } from '../wechat/client.ts';
import type { WechatCredentials } from '../wechat/credentials.ts';
import {
  isAllowedReturn,
  ownRequestOrigin,
  requestOriginOf,
  type ReturnLinkPolicy,
} from '../security/return-links.ts';
import type { Sessions } from './sessions.ts';

export { WechatApiError };

export type WechatIdentity = { openid: string; unionid?: string; nickname?: string; avatar?: string };

export type WechatLoginApi = {
  oauthCode(code: string): Promise<WechatIdentity>;
  miniCode(code: string): Promise<WechatIdentity & { sessionKey: string }>;
  phoneCode(code: string): Promise<string>;
};

const CODE_TTL_MS = 5 * 60 * 1000;
const STATE_TTL_MS = 10 * 60 * 1000;
export const OAUTH_CALLBACK_PATH = '/v3/api/user/login/wx/callback';
/** The cookie that binds a login state to its browser (sent only to the callback). */
export const OAUTH_BROWSER_COOKIE = 'livev3_wx_login';
/** The QR sign-in of the website app (the console on a desktop): its own callback, and its own browser cookie. */
export const QR_CALLBACK_PATH = '/v3/api/user/login/wx/qr-callback';
export const QR_BROWSER_COOKIE = 'livev3_wx_qr_login';
const BROWSER_NONCE = /^[A-Za-z0-9_-]{43}$/;

/** The code APIs on the WeChat client (web app for OAuth, the mini program for wx.login() and the phone button). */
export function clientLoginApi(client: WechatClient): WechatLoginApi {
  const { credentials } = client;
  const base = credentials.apiBase;
  const mini = {
    appid: credentials.miniAppId || credentials.appId,
    secret: credentials.miniAppSecret || credentials.appSecret,
  };
  const call = <T>(url: string, init: { method: string; headers?: Record<string, string>; body?: string }) =>
    client.json<T>(url, init);
  return {
    oauthCode: (code) => client.oauthIdentity(code),
    async miniCode(code) {
      const session = await call<{ openid: string; session_key: string; unionid?: string }>(
        `${base}/sns/jscode2session?${new URLSearchParams({ ...mini, js_code: code, grant_type: 'authorization_code' })}`,
        { method: 'GET' },
      );
      return { openid: session.openid, unionid: session.unionid, sessionKey: session.session_key };
    },
    async phoneCode(code) {
      const kind = credentials.miniAppId ? 'mini' : 'web';
      const answer = await client.withToken(kind, (token) =>
        call<{ phone_info: { purePhoneNumber: string } }>(
          `${base}/wxa/business/getuserphonenumber?${new URLSearchParams({ access_token: token })}`,
          { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ code }) },
        ),
      );
      return answer.phone_info.purePhoneNumber;
    },
  };
}

type Fetch = (url: string, init?: RequestInit) => Promise<Response>;

/** The code APIs against WeChat (or `base`), with an optional fetch (tests). */
export function realWechatLoginApi(
  credentials: WechatCredentials,
  mini: { appId: string; appSecret: string },
  options: { fetch?: Fetch; base?: string; now: () => number },
): WechatLoginApi {
  const transport: Transport = options.fetch
    ? async (url, init) => {
        const response = await options.fetch!(url, init);
        return { status: response.status, headers: {}, body: Buffer.from(await response.arrayBuffer()) };
      }
    : fetchTransport;
  const client = new WechatClient(
    {
      ...credentials,
      miniAppId: mini.appId,
      miniAppSecret: mini.appSecret,
      apiBase: options.base ?? credentials.apiBase,
    },
    transport,
    options.now,
  );
  return clientLoginApi(client);
}

// ---- The emulator's codes (the wechat_sandbox_codes table stands in for WeChat's code store) ----

/** Openids are per app (28 characters starting with "o"); the unionid is the same across the operator's apps. */
const derive = (prefix: string, ...parts: string[]) =>
  prefix + crypto.createHash('sha256').update(parts.join('\n')).digest('base64url').slice(0, 27);

export function sandboxIdentity(app: string, subject: string): Required<Omit<WechatIdentity, 'avatar'>> {
  return {
    openid: derive('o', app, subject),
    unionid: derive('u', 'sandbox-union', subject),
    nickname: `WeChat ${subject}`,
  };
}

/**
 * Takes a one-time code: its subject, or WechatApiError 40029 (unknown or expired) / 40163 (used). The conditional
 * update takes it once, however many requests race with it.
 */
export async function takeSandboxCode(
  sql: Sql,
  kind: 'oauth' | 'mini' | 'phone',
  code: string,
  now: number,
): Promise<string> {
  const taken = await sql
    .updateTable('wechat_sandbox_codes')
    .set({ used_at: now })
    .where('code', '=', code)
    .where('kind', '=', kind)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returning('subject')
    .executeTakeFirst();
  if (taken) return taken.subject;
  const row = await sql
    .selectFrom('wechat_sandbox_codes')
    .select(['expires_at', 'used_at'])
    .where('code', '=', code)
    .where('kind', '=', kind)
    .executeTakeFirst();
  if (!row || Number(row.expires_at) <= now) throw new WechatApiError(40029, 'invalid code');
  throw new WechatApiError(40163, 'code been used');
}

export async function issueSandboxCode(
  sql: Sql,
  kind: 'oauth' | 'mini' | 'phone',
  subject: string,
  now: number,
): Promise<{ code: string; expires_at: number }> {
  const code = crypto.randomBytes(16).toString('hex');
  const expiresAt = now + CODE_TTL_MS;
  await sql
    .insertInto('wechat_sandbox_codes')
    .values({ code, kind, subject, expires_at: expiresAt })
    .execute();
  return { code, expires_at: expiresAt };
}

/**
 * Dev/test only: POST /emulator/wechat/code {kind, subject} -> {code}. `subject` is the emulated viewer's name
 * (oauth, mini) or the phone number the phone button would return (phone).
 */
export async function sandboxCodeRoute(app: FastifyInstance, options: { sql: Sql; now: () => number }) {
  app.post<{ Body: { kind: 'oauth' | 'mini' | 'phone'; subject: string } }>(
    '/emulator/wechat/code',
    {
      schema: {
        body: {
          type: 'object',
          required: ['kind', 'subject'],
          properties: {
            kind: { enum: ['oauth', 'mini', 'phone'] },
            subject: { type: 'string', pattern: '^[\\w-]{1,64}$' },
          },
        },
      },
    },
    async (request) => {
      const { kind, subject } = request.body;
      if (kind === 'phone' && !/^1[3-9]\d{9}$/.test(subject))
        return { xcode: 400, msg: 'subject must be a mainland mobile number for a phone code', data: null };
      return ok(await issueSandboxCode(options.sql, kind, subject, options.now()));
    },
  );
}

// ---- The redirect flow ----

/**
 * Only callbacks to this site: the login must never hand a token to another site. This site is the public origin, and
 * outside production also the loopback addresses a developer opens the app on (127.0.0.1 beside localhost) and the
 * address the request came to when the server itself is there (a LAN address; server/security/return-links.ts).
 */
export function safeCallback(callback: string | undefined, policy: ReturnLinkPolicy): string {
  if (!callback)
    throw new ApiFailure(XCODE.badRequest, { 'zh-CN': '缺少 callback', en: 'callback is required' });
  let url: URL;
  try {
    url = new URL(callback);
  } catch {
    throw new ApiFailure(XCODE.badRequest, {
      'zh-CN': 'callback 必须是完整的网址',
      en: 'callback must be an absolute URL',
    });
  }
  if (!isAllowedReturn(url, policy))
    throw new ApiFailure(XCODE.badRequest, {
      'zh-CN': 'callback 必须是本站地址',
      en: 'callback must be on this site',
    });
  return url.toString();
}

/** Where a refused login sends a browser that opened the entry as a page: the app, never the refused callback. */
export const LOGIN_ERROR_PARAM = 'login_error';
const APP_PATH = '/livev3/';
const HOME_ROUTE = '/pages/home/index';

/** Whether the browser opened the address as a page (a navigation), not a script's call that reads JSON. */
function opensAsPage(request: FastifyRequest): boolean {
  const mode = request.headers['sec-fetch-mode'];
  if (mode) return mode === 'navigate';
  return /\btext\/html\b/.test(request.headers.accept ?? '');
}

/**
 * The app on the address the entry was opened on (a relative redirect: the browser stays on that address, so no
 * callback, however crafted, can lead elsewhere), at the callback's route when it names one, with the event's token
 * and language and `login_error=<code>`, which the app shows as a message in the viewer's language.
 */
export function appWithLoginError(callback: string | undefined, code: string, videoToken?: string): string {
  let route = HOME_ROUTE;
  let params = new URLSearchParams();
  try {
    const hash = new URL(callback ?? '').hash.replace(/^#/, '');
    const [hashPath = '', hashQuery = ''] = hash.split('?');
    if (/^\/[\w/-]*$/.test(hashPath) && hashPath !== '/') route = hashPath;
    params = new URLSearchParams(hashQuery);
  } catch {
    // No callback, or not a URL: the home route.
  }
  const kept = new URLSearchParams();
  const token = params.get('token') || videoToken;
  if (token && /^[\w-]{1,64}$/.test(token)) kept.set('token', token);
  const locale = params.get('locale');
  if (locale && /^[a-zA-Z-]{2,10}$/.test(locale)) kept.set('locale', locale);
  kept.set(LOGIN_ERROR_PARAM, code);
  return `${APP_PATH}#${route}?${kept.toString()}`;
}

/** Appends auth_token to the query inside the hash, where the app reads its launch parameters. */
export function withAuthToken(callback: string, token: string): string {
  const url = new URL(callback);
  const [hashPath, hashQuery = ''] = url.hash.replace(/^#/, '').split('?');
  const params = new URLSearchParams(hashQuery);
  params.delete('auth_token');
  params.set('auth_token', token);
  url.hash = `${hashPath || '/'}?${params.toString()}`;
  return url.toString();
}

/** What WeChat's web authorisation accepts as `state`: letters and digits, at most 128 bytes. */
export const OAUTH_STATE_PATTERN = /^[A-Za-z0-9]{1,128}$/;

const browserHash = (nonce: string) => crypto.createHash('sha256').update(nonce).digest('hex');

/**
 * A new login state: 32 random letters and digits (128 bits), and the nonce of the browser that starts it (32 random
 * bytes, base64url: its cookie). The return address and the nonce's SHA-256 are kept on the server until the state
 * is used or expires. Expired states are cleared here, so the table holds about 10 minutes of logins.
 */
export async function issueOauthState(
  sql: Sql,
  returnTo: string,
  now: number,
): Promise<{ state: string; browserNonce: string }> {
  const id = crypto.randomBytes(16).toString('hex');
  const browserNonce = crypto.randomBytes(32).toString('base64url');
  await sql.deleteFrom('wechat_oauth_states').where('expires_at', '<=', now).execute();
  await sql
    .insertInto('wechat_oauth_states')
    .values({
      id,
      return_to: returnTo,
      expires_at: now + STATE_TTL_MS,
      used_at: null,
      browser_hash: browserHash(browserNonce),
    })
    .execute();
  return { state: id, browserNonce };
}

/**
 * Uses a login state once, for the browser holding its nonce: 'taken' with its return address; 'used' when a
 * callback of that browser took it already; 'unknown' for one never issued, malformed, expired, or asked for without
 * the nonce of the browser that started it (which leaves it for that browser). The conditional update takes it once,
 * however many callbacks race with it.
 */
export async function takeOauthState(
  sql: Sql,
  state: string,
  browserNonce: string | undefined,
  now: number,
): Promise<{ status: 'taken' | 'used'; returnTo: string } | { status: 'unknown' }> {
  if (!OAUTH_STATE_PATTERN.test(state) || !browserNonce || !BROWSER_NONCE.test(browserNonce))
    return { status: 'unknown' };
  const hash = browserHash(browserNonce);
  const taken = await sql
    .updateTable('wechat_oauth_states')
    .set({ used_at: now })
    .where('id', '=', state)
    .where('browser_hash', '=', hash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returning('return_to')
    .executeTakeFirst();
  if (taken) return { status: 'taken', returnTo: taken.return_to };
  const row = await sql
    .selectFrom('wechat_oauth_states')
    .select(['return_to', 'expires_at', 'used_at'])
    .where('id', '=', state)
    .where('browser_hash', '=', hash)
    .executeTakeFirst();
  if (!row || row.used_at === null || Number(row.expires_at) <= now) return { status: 'unknown' };
  return { status: 'used', returnTo: row.return_to };
}

/** The login nonce of the request's browser (its cookie `name`), if any. */
function browserNonceOf(request: FastifyRequest, name: string): string | undefined {
  return new RegExp(`(?:^|;\\s*)${name}=([^;]*)`).exec(request.headers.cookie ?? '')?.[1];
}

function errorPage(reply: FastifyReply, status: number, title: string, detail: string, back?: string) {
  const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
  return reply.code(status).type('text/html; charset=utf-8')
    .send(`<!doctype html><html lang="zh-CN"><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>${escape(title)}</title>
<main style="font:16px system-ui,sans-serif;max-width:420px;margin:15vh auto;padding:0 24px;text-align:center">
<h1 style="font-size:20px">${escape(title)}</h1><p>${escape(detail)}</p>
${back ? `<p><a href="${escape(back)}">返回 / Back</a></p>` : ''}</main></html>`);
}

/**
 * Finds the viewer of a WeChat identity or creates one, filling in what was missing (unionid, an empty nickname or
 * avatar). `app` says whose openid it is: the official account's (web, users.openid), the mini program's (kept in
 * wechat_mini_accounts by the caller) or the website app's (the console's QR sign-in: not kept, the unionid names
 * the person); the unionid links them to one person. Concurrent first logins of one person meet on the unique
 * openid / unionid: the insert that loses finds the winner's row.
 */
export async function userForIdentity(
  sql: Sql,
  identity: WechatIdentity,
  now: number,
  app: 'web' | 'mini' | 'website' = 'web',
): Promise<number> {
  const find = async (trx: Sql) =>
    (app === 'web'
      ? await trx.selectFrom('users').select('id').where('openid', '=', identity.openid).executeTakeFirst()
      : app === 'mini'
        ? await trx
            .selectFrom('wechat_mini_accounts')
            .select('user_id as id')
            .where('openid', '=', identity.openid)
            .executeTakeFirst()
        : undefined) ??
    (identity.unionid
      ? await trx.selectFrom('users').select('id').where('unionid', '=', identity.unionid).executeTakeFirst()
      : undefined);
  return sql.transaction().execute(async (trx) => {
    const known = await find(trx);
    if (known) {
      await trx
        .updateTable('users')
        .set((eb) => ({
          ...(app === 'web' ? { openid: eb.fn.coalesce('openid', eb.val(identity.openid)) } : {}),
          unionid: eb.fn.coalesce('unionid', eb.val(identity.unionid ?? null)),
          nickname: eb
            .case()
            .when('nickname', '=', '')
            .then(identity.nickname ?? '')
            .else(eb.ref('nickname'))
            .end(),
          avatar: eb
            .case()
            .when('avatar', '=', '')
            .then(identity.avatar ?? '')
            .else(eb.ref('avatar'))
            .end(),
        }))
        .where('id', '=', known.id)
        .execute();
      return known.id;
    }
    const created = await trx
      .insertInto('users')
      .values({
        openid: app === 'web' ? identity.openid : null,
        unionid: identity.unionid ?? null,
        nickname: identity.nickname || 'WeChat user',
        avatar: identity.avatar ?? '',
        created_at: now,
      })
      .onConflict((conflict) => conflict.doNothing())
      .returning('id')
      .executeTakeFirst();
    if (created) return created.id;
    const raced = await find(trx);
    if (!raced) throw new Error(`WeChat user ${identity.openid} neither created nor found`);
    return raced.id;
  });
}

export async function wechatOauthRoutes(
  app: FastifyInstance,
  options: {
    sql: Sql;
    client: WechatClient;
    /** Starts the session a login hands to its callback. */
    sessions: Sessions;
    publicOrigin: string;
    /** Production takes callbacks to the public origin only. */
    production: boolean;
    now: () => number;
    log: (m: string) => void;
  },
) {
  const { client, sql, publicOrigin, now } = options;
  const publicSite = new URL(publicOrigin).origin;
  // The emulator built into this server stands in for WeChat's authorise page: it can come back to any address of
  // this server. WeChat itself comes back to the public origin only.
  const emulatorHere = client.credentials.sandbox && !options.production;
  // A login hands its token to the callback. In production only the public origin is this site. Outside production
  // the request's own address counts too, but only when the server itself is at that address (a loopback address,
  // or the IP the connection came to): a forged Host, or a DNS name leading here, never makes another site "this
  // site" (server/security/host.test.ts).
  const policyOf = (request: FastifyRequest): ReturnLinkPolicy => ({
    publicOrigin,
    production: options.production,
    requestOrigin: options.production ? undefined : ownRequestOrigin(request),
  });

  // The video token of the entry's query is in the callback (the return address) already: only that is kept.
  // `qr=1` starts the website app's QR sign-in (the console on a desktop) instead of the official account's login.
  type EntryQuery = { callback?: string; token?: string; qr?: string };
  app.get<{ Querystring: EntryQuery }>(
    '/v3/api/user/login/wx',
    async (request: FastifyRequest<{ Querystring: EntryQuery }>, reply) => {
      const policy = policyOf(request);
      const qr = request.query.qr === '1';
      if (qr && !client.credentials.websiteAppId)
        throw new ApiFailure(XCODE.badRequest, {
          'zh-CN': '未配置微信扫码登录',
          en: 'WeChat QR sign-in is not configured',
        });
      let callback: string;
      try {
        callback = safeCallback(request.query.callback, policy);
      } catch (error) {
        // A page (the app's redirect) gets the app back with a message, never a JSON answer to read.
        if (!(error instanceof ApiFailure) || !opensAsPage(request)) throw error;
        options.log(`WeChat login refused: callback ${String(request.query.callback).slice(0, 200)}`);
        return reply.redirect(appWithLoginError(request.query.callback, 'callback', request.query.token));
      }
      // The login runs on the address the app was opened on when the emulator of this server stands in for WeChat
      // and the app is on this request's own address (127.0.0.1 beside localhost, a phone on the LAN, for which
      // PUBLIC_ORIGIN's localhost is the phone itself). WeChat comes back to the public origin only, where the
      // browser's login cookie must be: an app opened on another address starts its login there, then returns to
      // where it was opened.
      const own = policy.requestOrigin;
      const here = emulatorHere && own && new URL(callback).origin === own ? own : undefined;
      if (!here && new URL(callback).origin !== publicSite && requestOriginOf(request) !== publicSite)
        return reply.redirect(
          `${publicSite}/v3/api/user/login/wx?${new URLSearchParams({ callback, ...(qr ? { qr: '1' } : {}) })}`,
        );
      const { state, browserNonce } = await issueOauthState(sql, callback, now());
      const [cookie, path] = qr
        ? [QR_BROWSER_COOKIE, QR_CALLBACK_PATH]
        : [OAUTH_BROWSER_COOKIE, OAUTH_CALLBACK_PATH];
      // Sent back only to the callback, on WeChat's redirect too (a top-level GET: SameSite=Lax lets it through).
      reply.header(
        'set-cookie',
        `${cookie}=${browserNonce}; Path=${path}; Max-Age=${STATE_TTL_MS / 1000}; HttpOnly; SameSite=Lax`,
      );
      const redirectUri = `${here ?? publicOrigin}${path}`;
      const authorize = new URL(
        qr ? client.qrConnectUrl(redirectUri, state) : client.authorizeUrl(redirectUri, state),
      );
      // The emulator's authorise page on this same address.
      if (here && authorize.origin === publicSite) {
        const site = new URL(here);
        authorize.protocol = site.protocol;
        authorize.host = site.host;
      }
      return reply.redirect(authorize.toString());
    },
  );

  /** WeChat's way back with a code: the official account's login, or the website app's QR sign-in. */
  const callbackRoute = (
    path: string,
    cookie: string,
    identityOf: (code: string) => Promise<WechatIdentity>,
    kind: 'web' | 'website',
  ) =>
    app.get<{ Querystring: { code?: string; state?: string } }>(path, async (request, reply) => {
      const { code = '', state = '' } = request.query;
      const taken = await takeOauthState(sql, String(state), browserNonceOf(request, cookie), now());
      if (taken.status === 'unknown') {
        options.log('WeChat login refused: state unknown, expired or from another browser');
        return errorPage(
          reply,
          400,
          '登录失败 / Login failed',
          '登录链接无效或已过期，请重新登录。The login link is invalid or has expired, please log in again.',
        );
      }
      // The state is this browser's and spent: its cookie goes.
      reply.header('set-cookie', `${cookie}=; Path=${path}; Max-Age=0; HttpOnly; SameSite=Lax`);
      let back: string;
      try {
        back = safeCallback(taken.returnTo, policyOf(request));
      } catch {
        return errorPage(reply, 400, '登录失败 / Login failed', 'Invalid return address.');
      }
      if (taken.status === 'used') {
        options.log(`WeChat login refused: state ${state} replayed`);
        return errorPage(
          reply,
          400,
          '登录失败 / Login failed',
          '该登录链接已使用过，请重新登录。This login link was already used, please log in again.',
          back,
        );
      }
      if (!code)
        return errorPage(
          reply,
          400,
          '登录已取消 / Login cancelled',
          '您取消了微信授权。You declined the WeChat authorisation.',
          back,
        );
      let identity: WechatIdentity;
      try {
        identity = await identityOf(code);
      } catch (error) {
        const detail = error instanceof WechatApiError ? `${error.errcode} ${error.errmsg}` : String(error);
        options.log(`WeChat login: code refused: ${detail}`);
        return errorPage(
          reply,
          400,
          '登录失败 / Login failed',
          `微信授权码无效或已使用，请重新登录。The WeChat code is invalid or was already used (${error instanceof WechatApiError ? error.errcode : 'network'}).`,
          back,
        );
      }
      // The website app's openid is its own: without a unionid the person cannot be matched to an account.
      if (kind === 'website' && !identity.unionid) {
        options.log('WeChat QR sign-in refused: no unionid (is the website app bound to the open platform?)');
        return errorPage(
          reply,
          400,
          '登录失败 / Login failed',
          '无法识别该微信账号，请改用手机号或邮箱登录。This WeChat account cannot be matched, please sign in with a phone or e-mail code.',
          back,
        );
      }
      const userId = await userForIdentity(sql, identity, now(), kind);
      return reply.redirect(withAuthToken(back, await options.sessions.start(userId)));
    });

  callbackRoute(OAUTH_CALLBACK_PATH, OAUTH_BROWSER_COOKIE, (code) => client.oauthIdentity(code), 'web');
  if (client.credentials.websiteAppId)
    callbackRoute(QR_CALLBACK_PATH, QR_BROWSER_COOKIE, (code) => client.websiteIdentity(code), 'website');
}
