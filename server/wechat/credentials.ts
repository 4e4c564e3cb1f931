/**
 * WeChat credentials come from the environment. Without them (and outside production) the sandbox stands in: a fixed
 * sandbox app id and jsapi ticket, signed with the same algorithms.
 */
export type WechatCredentials = {
  appId: string;
  appSecret: string;
  mchId: string;
  payKey: string;
  sandbox: boolean;
};

export function wechatCredentials(env: NodeJS.ProcessEnv, mode: string): WechatCredentials {
  if (env.WECHAT_APP_ID && env.WECHAT_APP_SECRET) {
    const {
      WECHAT_APP_ID: appId,
      WECHAT_APP_SECRET: appSecret,
      WECHAT_MCH_ID: mchId = '',
      WECHAT_PAY_KEY: payKey = '',
    } = env;
    return { appId, appSecret, mchId, payKey, sandbox: false };
  }
  if (mode === 'production') throw new Error('WECHAT_APP_ID and WECHAT_APP_SECRET must be set in production');
  return {
    appId: 'wx0sandbox0livev3',
    appSecret: 'sandbox-secret',
    mchId: '1900000109',
    payKey: 'sandbox0pay0key0livev3000000000000',
    sandbox: true,
  };
}

const SANDBOX_TICKET = 'sandbox-jsapi-ticket-livev3';
let cached: { ticket: string; expiresAt: number } | undefined;

/** The jsapi ticket: the sandbox's fixed one, or WeChat's, fetched with an access token and cached until expiry. */
export async function jsapiTicket(credentials: WechatCredentials, now = Date.now()): Promise<string> {
  if (credentials.sandbox) return SANDBOX_TICKET;
  if (cached && cached.expiresAt > now) return cached.ticket;
  const api = 'https://api.weixin.qq.com/cgi-bin';
  const token = (await (
    await fetch(
      `${api}/token?grant_type=client_credential&appid=${credentials.appId}&secret=${credentials.appSecret}`,
    )
  ).json()) as { access_token?: string; errmsg?: string };
  if (!token.access_token) throw new Error(`WeChat access token: ${token.errmsg ?? 'failed'}`);
  const ticket = (await (
    await fetch(`${api}/ticket/getticket?access_token=${token.access_token}&type=jsapi`)
  ).json()) as {
    ticket?: string;
    expires_in?: number;
    errmsg?: string;
  };
  if (!ticket.ticket) throw new Error(`WeChat jsapi ticket: ${ticket.errmsg ?? 'failed'}`);
  cached = { ticket: ticket.ticket, expiresAt: now + ((ticket.expires_in ?? 7200) - 300) * 1000 };
  return cached.ticket;
}
