/**
 * The one WeChat client of the server: every call to WeChat goes through here, to the configured base URLs
 * (api.weixin.qq.com, api.mch.weixin.qq.com, or the local emulator).
 * - Official-account and mini-program access tokens and the jsapi ticket are cached until shortly before they
 *   expire, fetched once when several callers ask at the same moment, and refreshed once when WeChat answers
 *   40001 (invalid credential) or 42001 (access token expired).
 * - WeChat Pay API v3 requests are signed (WECHATPAY2-SHA256-RSA2048) and every answer's platform signature is
 *   verified before the answer is used.
 * Failures become `WechatApiError` (errcode/errmsg as WeChat sent them, or the v3 code/message).
 */
import type { SharedState } from '../shared/state.ts';
import type { WechatCredentials } from './credentials.ts';
import { authorization, verifyPlatformSignature } from './pay-sign.ts';

export class WechatApiError extends Error {
  constructor(
    readonly errcode: number | string,
    readonly errmsg: string,
    readonly status = 200,
  ) {
    super(`${errmsg} (${errcode})`);
  }
}

export type TransportAnswer = { status: number; headers: Record<string, string>; body: Buffer };
export type Transport = (
  url: string,
  init: { method: string; headers?: Record<string, string>; body?: string },
) => Promise<TransportAnswer>;

export const fetchTransport: Transport = async (url, init) => {
  const response = await fetch(url, { ...init, signal: AbortSignal.timeout(10_000) });
  const headers: Record<string, string> = {};
  response.headers.forEach((value, key) => (headers[key] = value));
  return { status: response.status, headers, body: Buffer.from(await response.arrayBuffer()) };
};

type Cached = { value: string; expiresAt: number };
const REFRESH_CODES = new Set([40001, 42001]);

export type PayerOrder = { order_sn: string; amount_cents: number; description: string };

/**
 * The longest start of `text` that fits in `maxBytes` of UTF-8, cut between characters (code points), never inside
 * one. WeChat Pay counts its text limits in UTF-8 bytes: a Chinese character takes 3 of them.
 */
export function utf8Prefix(text: string, maxBytes: number): string {
  if (Buffer.byteLength(text, 'utf8') <= maxBytes) return text;
  let bytes = 0;
  let end = 0;
  for (const char of text) {
    bytes += Buffer.byteLength(char, 'utf8');
    if (bytes > maxBytes) break;
    end += char.length;
  }
  return text.slice(0, end);
}

/** WeChat Pay's limits, in UTF-8 bytes: an order's `description` and a refund's `reason`. */
export const DESCRIPTION_MAX_BYTES = 127;
export const REFUND_REASON_MAX_BYTES = 80;

export type PayTransaction = {
  out_trade_no: string;
  transaction_id?: string;
  trade_state: string;
  trade_state_desc?: string;
  amount?: { total: number; payer_total?: number; currency?: string };
  payer?: { openid?: string };
  success_time?: string;
  mchid?: string;
  appid?: string;
};

/**
 * The longest start of `text` of at most `max` characters (code points): the merchant transfer's texts are limited in
 * characters, not bytes (a transfer remark "最多允许32个字符").
 */
export function charPrefix(text: string, max: number): string {
  const chars = Array.from(text);
  return chars.length <= max ? text : chars.slice(0, max).join('');
}

/** The merchant transfer's limits, in characters: the remark, and each scene report entry's type and content. */
export const TRANSFER_REMARK_MAX_CHARS = 32;
export const TRANSFER_INFO_TYPE_MAX_CHARS = 15;
export const TRANSFER_INFO_CONTENT_MAX_CHARS = 32;

/** A merchant transfer to a WeChat user's balance (POST /v3/fund-app/mch-transfer/transfer-bills). */
export type TransferBillInput = {
  /** The merchant's bill number: 1-32 digits and letters, unique; asking again with it answers the same bill. */
  outBillNo: string;
  openid: string;
  amountCents: number;
  /** Shown to the user when they receive it (at most 32 characters; cut here). */
  remark: string;
  /** The transfer scene's report entries (scene 1000, cash marketing: 活动名称 and 奖励说明). */
  reportInfos: { info_type: string; info_content: string }[];
};

/**
 * A transfer bill as WeChat Pay answers it (creation, query by out_bill_no, the FINISHED notification). state:
 * ACCEPTED, PROCESSING, WAIT_USER_CONFIRM (package_info: what the user confirms with in WeChat), TRANSFERING,
 * SUCCESS, FAIL (fail_reason), CANCELING, CANCELLED.
 */
export type TransferBill = {
  out_bill_no: string;
  transfer_bill_no?: string;
  state: string;
  package_info?: string;
  fail_reason?: string;
  create_time?: string;
  update_time?: string;
};

export type RefundAnswer = {
  refund_id: string;
  out_refund_no: string;
  status: 'SUCCESS' | 'CLOSED' | 'PROCESSING' | 'ABNORMAL';
};

/** Who a WeChat code names: the app's openid, the unionid across the operator's apps, the profile if allowed. */
export type OauthIdentity = { openid: string; unionid?: string; nickname?: string; avatar?: string };

export class WechatClient {
  private cache = new Map<string, Cached>();
  private inFlight = new Map<string, Promise<string>>();
  /** Counts token and ticket fetches (tests check the single flight). */
  fetches = { token: 0, ticket: 0 };

  /**
   * `shared`: where several nodes keep one access token and ticket. WeChat invalidates an access token a few minutes
   * after a new one is fetched, so nodes each fetching their own would keep invalidating each other's.
   */
  constructor(
    readonly credentials: WechatCredentials,
    private readonly transport: Transport = fetchTransport,
    private readonly now: () => number,
    private readonly log: (message: string) => void = () => {},
    private readonly shared?: SharedState,
  ) {}

  // ---- official account / mini program (api.weixin.qq.com) ----

  /** A JSON API call; errcode answers become WechatApiError (logged). */
  async json<T>(url: string, init: { method: string; headers?: Record<string, string>; body?: string }) {
    const answer = await this.transport(url, init);
    const text = answer.body.toString('utf8');
    let body: T & { errcode?: number; errmsg?: string };
    try {
      body = JSON.parse(text) as T & { errcode?: number; errmsg?: string };
    } catch {
      throw new WechatApiError(-1, `WeChat answered ${answer.status} without JSON`, answer.status);
    }
    if (body.errcode) {
      this.log(`WeChat ${url.split('?')[0]} errcode ${body.errcode}: ${body.errmsg}`);
      throw new WechatApiError(body.errcode, body.errmsg ?? 'error', answer.status);
    }
    return body;
  }

  private query(params: Record<string, string>) {
    return new URLSearchParams(params).toString();
  }

  /** A cached value, fetched once however many callers ask at the same time. */
  private async cached(
    key: string,
    load: () => Promise<{ value: string; expiresIn: number }>,
  ): Promise<string> {
    const hit = this.cache.get(key);
    if (hit && hit.expiresAt > this.now()) return hit.value;
    const running = this.inFlight.get(key);
    if (running) return running;
    const promise = (async () => {
      const kept = await this.shared?.read(this.sharedKey(key));
      const fromNode = kept ? (JSON.parse(kept) as Cached) : null;
      if (fromNode && fromNode.expiresAt > this.now()) {
        this.cache.set(key, fromNode);
        return fromNode.value;
      }
      const { value, expiresIn } = await load();
      // Refresh 5 minutes before WeChat's expiry (at least half the lifetime early for short ones).
      const margin = Math.min(300, Math.floor(expiresIn / 2));
      const entry = { value, expiresAt: this.now() + (expiresIn - margin) * 1000 };
      this.cache.set(key, entry);
      await this.shared?.put(this.sharedKey(key), JSON.stringify(entry), entry.expiresAt - this.now());
      return value;
    })().finally(() => this.inFlight.delete(key));
    this.inFlight.set(key, promise);
    return promise;
  }

  private sharedKey(key: string) {
    return `wechat:${this.credentials.appId}:${this.credentials.miniAppId}:${key}`;
  }

  /** Drops a value WeChat refused, here and (when it is still the one kept there) in the shared state. */
  private async forget(key: string): Promise<void> {
    const refused = this.cache.get(key)?.value;
    this.cache.delete(key);
    const kept = await this.shared?.read(this.sharedKey(key));
    if (kept && refused && (JSON.parse(kept) as Cached).value === refused)
      await this.shared?.put(this.sharedKey(key), '', 1);
  }

  private app(kind: 'web' | 'mini') {
    const { appId, appSecret, miniAppId, miniAppSecret } = this.credentials;
    return kind === 'mini'
      ? { appid: miniAppId, secret: miniAppSecret }
      : { appid: appId, secret: appSecret };
  }

  async accessToken(kind: 'web' | 'mini' = 'web'): Promise<string> {
    return this.cached(`token:${kind}`, async () => {
      this.fetches.token += 1;
      const answer = await this.json<{ access_token: string; expires_in: number }>(
        `${this.credentials.apiBase}/cgi-bin/token?${this.query({ grant_type: 'client_credential', ...this.app(kind) })}`,
        { method: 'GET' },
      );
      return { value: answer.access_token, expiresIn: answer.expires_in };
    });
  }

  /** Calls an access-token API; on 40001/42001 drops the token (and the ticket made with it) and tries once more. */
  async withToken<T>(kind: 'web' | 'mini', call: (token: string) => Promise<T>): Promise<T> {
    try {
      return await call(await this.accessToken(kind));
    } catch (error) {
      if (!(error instanceof WechatApiError) || !REFRESH_CODES.has(Number(error.errcode))) throw error;
      await this.forget(`token:${kind}`);
      if (kind === 'web') await this.forget('ticket');
      return call(await this.accessToken(kind));
    }
  }

  async jsapiTicket(): Promise<string> {
    const load = () =>
      this.cached('ticket', async () => {
        this.fetches.ticket += 1;
        const answer = await this.json<{ ticket: string; expires_in: number }>(
          `${this.credentials.apiBase}/cgi-bin/ticket/getticket?${this.query({
            access_token: await this.accessToken('web'),
            type: 'jsapi',
          })}`,
          { method: 'GET' },
        );
        return { value: answer.ticket, expiresIn: answer.expires_in };
      });
    try {
      return await load();
    } catch (error) {
      if (!(error instanceof WechatApiError) || !REFRESH_CODES.has(Number(error.errcode))) throw error;
      await this.forget('token:web');
      return load();
    }
  }

  /** The authorise URL of the web login (open.weixin.qq.com/connect/oauth2/authorize ... #wechat_redirect). */
  authorizeUrl(redirectUri: string, state: string): string {
    const params = this.query({
      appid: this.credentials.appId,
      redirect_uri: redirectUri,
      response_type: 'code',
      scope: this.credentials.oauthScope,
      state,
    });
    return `${this.credentials.openBase}/connect/oauth2/authorize?${params}#wechat_redirect`;
  }

  /**
   * The QR sign-in page of the website app (open.weixin.qq.com/connect/qrconnect, scope snsapi_login): a desktop
   * browser shows WeChat's QR code, the person scans it with WeChat on a phone and confirms, and WeChat sends the
   * desktop browser to `redirectUri` with a code.
   */
  qrConnectUrl(redirectUri: string, state: string): string {
    const params = this.query({
      appid: this.credentials.websiteAppId,
      redirect_uri: redirectUri,
      response_type: 'code',
      scope: 'snsapi_login',
      state,
    });
    return `${this.credentials.openBase}/connect/qrconnect?${params}#wechat_redirect`;
  }

  /** Web OAuth: code -> openid/unionid, then the profile when the scope allows it. */
  oauthIdentity(code: string): Promise<OauthIdentity> {
    return this.codeIdentity(code, this.credentials.appId, this.credentials.appSecret);
  }

  /** The website app's QR sign-in: code -> its openid, the unionid and the profile (snsapi_login allows it). */
  websiteIdentity(code: string): Promise<OauthIdentity> {
    return this.codeIdentity(code, this.credentials.websiteAppId, this.credentials.websiteAppSecret);
  }

  private async codeIdentity(code: string, appid: string, secret: string): Promise<OauthIdentity> {
    const token = await this.json<{ access_token: string; openid: string; unionid?: string; scope?: string }>(
      `${this.credentials.apiBase}/sns/oauth2/access_token?${this.query({
        appid,
        secret,
        code,
        grant_type: 'authorization_code',
      })}`,
      { method: 'GET' },
    );
    const identity: OauthIdentity = { openid: token.openid, unionid: token.unionid };
    if (/\bsnsapi_(userinfo|login)\b/.test(token.scope ?? '')) {
      const info = await this.json<{ nickname?: string; headimgurl?: string; unionid?: string }>(
        `${this.credentials.apiBase}/sns/userinfo?${this.query({
          access_token: token.access_token,
          openid: token.openid,
          lang: 'zh_CN',
        })}`,
        { method: 'GET' },
      );
      identity.nickname = info.nickname;
      identity.avatar = info.headimgurl;
      identity.unionid ??= info.unionid;
    }
    return identity;
  }

  /** A mini-program code (PNG) for `scene` opening `page` (wxa/getwxacodeunlimit). */
  async miniProgramCode(scene: string, page: string): Promise<Buffer> {
    return this.withToken('mini', async (token) => {
      const answer = await this.transport(
        `${this.credentials.apiBase}/wxa/getwxacodeunlimit?${this.query({ access_token: token })}`,
        {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ scene, page, check_path: false, width: 430 }),
        },
      );
      const type = answer.headers['content-type'] ?? '';
      if (type.includes('json') || answer.body[0] === 0x7b) {
        const body = JSON.parse(answer.body.toString('utf8')) as { errcode?: number; errmsg?: string };
        this.log(`WeChat wxa/getwxacodeunlimit errcode ${body.errcode}: ${body.errmsg}`);
        throw new WechatApiError(body.errcode ?? -1, body.errmsg ?? 'error');
      }
      return answer.body;
    });
  }

  /**
   * WeChat's content security check of a user's text (wxa/msg_sec_check, with the mini program's access token):
   * version 2 with the writer's mini-program openid when known (scene 2, comments), else version 1. Answers whether
   * WeChat judges the text risky: v2 `result.suggest` 'risky' (a 'review' suggestion passes), v1 errcode 87014.
   */
  async msgSecCheck(content: string, openid?: string): Promise<{ risky: boolean; label?: number }> {
    return this.withToken('mini', async (token) => {
      const url = `${this.credentials.apiBase}/wxa/msg_sec_check?${this.query({ access_token: token })}`;
      const body = openid ? { content, version: 2, scene: 2, openid } : { content };
      try {
        const answer = await this.json<{ result?: { suggest?: string; label?: number } }>(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
        });
        return { risky: answer.result?.suggest === 'risky', label: answer.result?.label };
      } catch (error) {
        if (error instanceof WechatApiError && Number(error.errcode) === 87014) return { risky: true };
        throw error;
      }
    });
  }

  // ---- WeChat Pay API v3 (api.mch.weixin.qq.com) ----

  /** A signed v3 request; the answer's platform signature is checked before its body is used. */
  async pay<T>(method: 'GET' | 'POST', path: string, body?: object): Promise<T> {
    const { mchId, serialNo, privateKey, platformPublicKey, payBase } = this.credentials;
    const text = body ? JSON.stringify(body) : '';
    const answer = await this.transport(`${payBase}${path}`, {
      method,
      headers: {
        accept: 'application/json',
        'content-type': 'application/json',
        'user-agent': 'livev3-server',
        authorization: authorization({
          mchId,
          serialNo,
          privateKey,
          method,
          url: path,
          body: text,
          timestamp: Math.floor(this.now() / 1000),
        }),
      },
      body: body ? text : undefined,
    });
    const raw = answer.body.toString('utf8');
    if (!verifyPlatformSignature(answer.headers, raw, platformPublicKey)) {
      this.log(`WeChat Pay ${method} ${path}: answer ${answer.status} with a bad platform signature`);
      throw new WechatApiError('SIGN_ERROR', 'WeChat Pay answer signature did not verify', answer.status);
    }
    const parsed = (raw ? JSON.parse(raw) : {}) as T & { code?: string; message?: string };
    if (answer.status >= 300) {
      this.log(`WeChat Pay ${method} ${path}: ${answer.status} ${parsed.code}: ${parsed.message}`);
      throw new WechatApiError(parsed.code ?? 'ERROR', parsed.message ?? 'WeChat Pay error', answer.status);
    }
    return parsed;
  }

  private orderBody(order: PayerOrder) {
    const { appId, mchId, notifyUrl } = this.credentials;
    return {
      appid: appId,
      mchid: mchId,
      description: utf8Prefix(order.description, DESCRIPTION_MAX_BYTES),
      out_trade_no: order.order_sn,
      notify_url: notifyUrl,
      amount: { total: order.amount_cents, currency: 'CNY' },
    };
  }

  async jsapiOrder(order: PayerOrder, openid: string): Promise<string> {
    const answer = await this.pay<{ prepay_id: string }>('POST', '/v3/pay/transactions/jsapi', {
      ...this.orderBody(order),
      payer: { openid },
    });
    return answer.prepay_id;
  }

  async h5Order(order: PayerOrder, clientIp: string): Promise<string> {
    const answer = await this.pay<{ h5_url: string }>('POST', '/v3/pay/transactions/h5', {
      ...this.orderBody(order),
      scene_info: { payer_client_ip: clientIp, h5_info: { type: 'Wap' } },
    });
    return answer.h5_url;
  }

  async queryOrder(orderSn: string): Promise<PayTransaction> {
    return this.pay<PayTransaction>(
      'GET',
      `/v3/pay/transactions/out-trade-no/${encodeURIComponent(orderSn)}?mchid=${encodeURIComponent(this.credentials.mchId)}`,
    );
  }

  async closeOrder(orderSn: string): Promise<void> {
    await this.pay('POST', `/v3/pay/transactions/out-trade-no/${encodeURIComponent(orderSn)}/close`, {
      mchid: this.credentials.mchId,
    });
  }

  async refund(input: {
    orderSn: string;
    refundNo: string;
    amountCents: number;
    totalCents: number;
    reason: string;
  }): Promise<RefundAnswer> {
    // The reason is optional at WeChat (1-80 bytes when given): an empty one is left out.
    const reason = utf8Prefix(input.reason, REFUND_REASON_MAX_BYTES);
    return this.pay<RefundAnswer>('POST', '/v3/refund/domestic/refunds', {
      out_trade_no: input.orderSn,
      out_refund_no: input.refundNo,
      ...(reason ? { reason } : {}),
      notify_url: this.credentials.refundNotifyUrl,
      amount: { refund: input.amountCents, total: input.totalCents, currency: 'CNY' },
    });
  }

  // ---- merchant transfers to a user's WeChat balance (商家转账, user-confirmation mode) ----

  /** Creates (or, with an out_bill_no WeChat already holds, answers again) a transfer bill. */
  async createTransferBill(input: TransferBillInput): Promise<TransferBill> {
    const { appId, transferSceneId, transferNotifyUrl, transferPerception } = this.credentials;
    return this.pay<TransferBill>('POST', '/v3/fund-app/mch-transfer/transfer-bills', {
      appid: appId,
      out_bill_no: input.outBillNo,
      transfer_scene_id: transferSceneId,
      openid: input.openid,
      transfer_amount: input.amountCents,
      transfer_remark: charPrefix(input.remark, TRANSFER_REMARK_MAX_CHARS),
      notify_url: transferNotifyUrl,
      ...(transferPerception ? { user_recv_perception: transferPerception } : {}),
      transfer_scene_report_infos: input.reportInfos.map((info) => ({
        info_type: charPrefix(info.info_type, TRANSFER_INFO_TYPE_MAX_CHARS),
        info_content: charPrefix(info.info_content, TRANSFER_INFO_CONTENT_MAX_CHARS),
      })),
    });
  }

  /** A transfer bill by the merchant's number (404 NOT_FOUND when WeChat has none). */
  async queryTransferBill(outBillNo: string): Promise<TransferBill> {
    return this.pay<TransferBill>(
      'GET',
      `/v3/fund-app/mch-transfer/transfer-bills/out-bill-no/${encodeURIComponent(outBillNo)}`,
    );
  }

  /** Withdraws a transfer the user has not confirmed yet (the answer is CANCELING; the bill ends CANCELLED). */
  async cancelTransferBill(outBillNo: string): Promise<TransferBill> {
    return this.pay<TransferBill>(
      'POST',
      `/v3/fund-app/mch-transfer/transfer-bills/out-bill-no/${encodeURIComponent(outBillNo)}/cancel`,
    );
  }
}
