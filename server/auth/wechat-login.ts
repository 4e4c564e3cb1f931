/**
 * WeChat codes -> identities, the way WeChat's server API does it:
 * - web OAuth: `sns/oauth2/access_token` (code -> openid, unionid), then `sns/userinfo` for the nickname/avatar
 *   when the scope allows it;
 * - mini program: `sns/jscode2session` (wx.login() code -> openid, session_key, unionid);
 * - phone number: `cgi-bin/token` (cached) then `wxa/business/getuserphonenumber` (the phone button's code).
 *
 * With real credentials these go to api.weixin.qq.com; without them the sandbox answers the same questions from
 * its own one-time codes (issued by POST /sandbox/wechat/code, standing in for WeChat's authorise redirect,
 * wx.login() and the phone-number button): a code works once and for 5 minutes, like WeChat's.
 */
import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/database.ts';
import { ok } from '../envelope.ts';
import type { WechatCredentials } from '../wechat/credentials.ts';

export type WechatIdentity = { openid: string; unionid?: string; nickname?: string; avatar?: string };

export type WechatLoginApi = {
  oauthCode(code: string): Promise<WechatIdentity>;
  miniCode(code: string): Promise<WechatIdentity & { sessionKey: string }>;
  phoneCode(code: string): Promise<string>;
};

/** WeChat refused (errcode/errmsg as WeChat sent them: 40029 invalid code, 40163 code been used, ...). */
export class WechatApiError extends Error {
  constructor(
    readonly errcode: number,
    readonly errmsg: string,
  ) {
    super(`${errmsg} (${errcode})`);
  }
}

const CODE_TTL_MS = 5 * 60 * 1000;

type Fetch = (url: string, init?: RequestInit) => Promise<Response>;

export function realWechatLoginApi(
  credentials: WechatCredentials,
  mini: { appId: string; appSecret: string },
  options: { fetch?: Fetch; base?: string; now?: () => number } = {},
): WechatLoginApi {
  const get = options.fetch ?? fetch;
  const base = options.base ?? 'https://api.weixin.qq.com';
  const now = options.now ?? Date.now;
  let accessToken: { token: string; expiresAt: number } | undefined;

  async function call<T>(url: string, init?: RequestInit): Promise<T> {
    const body = (await (await get(`${base}${url}`, init)).json()) as T & {
      errcode?: number;
      errmsg?: string;
    };
    if (body.errcode) throw new WechatApiError(body.errcode, body.errmsg ?? 'error');
    return body;
  }
  const query = (params: Record<string, string>) => new URLSearchParams(params).toString();

  return {
    async oauthCode(code) {
      const token = await call<{ access_token: string; openid: string; unionid?: string; scope?: string }>(
        `/sns/oauth2/access_token?${query({
          appid: credentials.appId,
          secret: credentials.appSecret,
          code,
          grant_type: 'authorization_code',
        })}`,
      );
      const identity: WechatIdentity = { openid: token.openid, unionid: token.unionid };
      if (token.scope?.includes('snsapi_userinfo')) {
        const info = await call<{ nickname?: string; headimgurl?: string; unionid?: string }>(
          `/sns/userinfo?${query({ access_token: token.access_token, openid: token.openid, lang: 'zh_CN' })}`,
        );
        identity.nickname = info.nickname;
        identity.avatar = info.headimgurl;
        identity.unionid ??= info.unionid;
      }
      return identity;
    },
    async miniCode(code) {
      const session = await call<{ openid: string; session_key: string; unionid?: string }>(
        `/sns/jscode2session?${query({
          appid: mini.appId,
          secret: mini.appSecret,
          js_code: code,
          grant_type: 'authorization_code',
        })}`,
      );
      return { openid: session.openid, unionid: session.unionid, sessionKey: session.session_key };
    },
    async phoneCode(code) {
      if (!accessToken || accessToken.expiresAt <= now()) {
        const answer = await call<{ access_token: string; expires_in: number }>(
          `/cgi-bin/token?${query({ grant_type: 'client_credential', appid: mini.appId, secret: mini.appSecret })}`,
        );
        accessToken = { token: answer.access_token, expiresAt: now() + (answer.expires_in - 300) * 1000 };
      }
      const answer = await call<{ phone_info: { purePhoneNumber: string } }>(
        `/wxa/business/getuserphonenumber?${query({ access_token: accessToken.token })}`,
        { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ code }) },
      );
      return answer.phone_info.purePhoneNumber;
    },
  };
}

/** Openids are per app (28 characters starting with "o"); the unionid is the same across the operator's apps. */
const derive = (prefix: string, ...parts: string[]) =>
  prefix + crypto.createHash('sha256').update(parts.join('\n')).digest('base64url').slice(0, 27);

export function sandboxWechatLoginApi(
  db: Db,
  credentials: WechatCredentials,
  now: () => number,
): WechatLoginApi {
  const take = (kind: 'oauth' | 'mini' | 'phone', code: string): string =>
    db.transaction(() => {
      const row = db
        .prepare<[string, string], { subject: string; expires_at: number; used_at: number | null }>(
          'SELECT subject, expires_at, used_at FROM wechat_sandbox_codes WHERE code = ? AND kind = ?',
        )
        .get(code, kind);
      if (!row || row.expires_at <= now()) throw new WechatApiError(40029, 'invalid code');
      if (row.used_at !== null) throw new WechatApiError(40163, 'code been used');
      db.prepare('UPDATE wechat_sandbox_codes SET used_at = ? WHERE code = ?').run(now(), code);
      return row.subject;
    })();
  const identity = (app: string, subject: string): WechatIdentity => ({
    openid: derive('o', app, subject),
    unionid: derive('u', 'sandbox-union', subject),
    nickname: `WeChat ${subject}`,
  });
  return {
    async oauthCode(code) {
      return identity(credentials.appId, take('oauth', code));
    },
    async miniCode(code) {
      const subject = take('mini', code);
      return { ...identity(`${credentials.appId}-mini`, subject), sessionKey: derive('', 'session', code) };
    },
    async phoneCode(code) {
      return take('phone', code);
    },
  };
}

export function issueSandboxCode(
  db: Db,
  kind: 'oauth' | 'mini' | 'phone',
  subject: string,
  now: number,
): { code: string; expires_at: number } {
  const code = crypto.randomBytes(16).toString('hex');
  const expiresAt = now + CODE_TTL_MS;
  db.prepare('INSERT INTO wechat_sandbox_codes (code, kind, subject, expires_at) VALUES (?, ?, ?, ?)').run(
    code,
    kind,
    subject,
    expiresAt,
  );
  return { code, expires_at: expiresAt };
}

/**
 * Dev/test only: POST /sandbox/wechat/code {kind, subject} -> {code}. `subject` is the sandbox viewer's name
 * (oauth, mini) or the phone number the phone button would return (phone).
 */
export async function sandboxCodeRoute(app: FastifyInstance, options: { db: Db; now: () => number }) {
  app.post<{ Body: { kind: 'oauth' | 'mini' | 'phone'; subject: string } }>(
    '/sandbox/wechat/code',
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
      return ok(issueSandboxCode(options.db, kind, subject, options.now()));
    },
  );
}
