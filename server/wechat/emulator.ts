/**
 * The local WeChat emulator (development and test only; never registered with NODE_ENV=production). It answers the
 * WeChat HTTP APIs the server uses, in WeChat's own request and response formats, so the production code path runs
 * unchanged against it (the base URLs point here when no credentials are set):
 *
 * - `/emulator/wechat/api/...` stands in for api.weixin.qq.com: cgi-bin/token, cgi-bin/ticket/getticket,
 *   sns/oauth2/access_token, sns/userinfo, sns/jscode2session, wxa/business/getuserphonenumber,
 *   wxa/getwxacodeunlimit, wxa/msg_sec_check (errcode/errmsg errors: 40001, 42001 expired token, 40029 invalid
 *   code, 40163 code used; a text holding one of EMULATOR_RISKY_TEXTS is risky).
 * - `/emulator/wechat/open/connect/oauth2/authorize` is the authorise page (a tester names the WeChat user); a
 *   `state` other than WeChat's (a-zA-Z0-9, at most 128 bytes) gets an error page. `/connect/qrconnect` is the
 *   website app's QR sign-in: a desktop page with a QR code of a scan page, which confirms as a named WeChat user.
 * - `/emulator/wechat/pay/v3/...` stands in for api.mch.weixin.qq.com (API v3): JSAPI and H5 orders, order query
 *   and close, refunds, each field held to WeChat Pay's documented limits (lengths in UTF-8 bytes; 400 PARAM_ERROR
 *   naming the field otherwise). Requests must carry a valid WECHATPAY2-SHA256-RSA2048 signature of the merchant key;
 *   answers and notifications are signed with the emulator's platform key, notification resources encrypted with
 *   AEAD_AES_256_GCM under the API v3 key, and posted to the order's notify_url like WeChat Pay does.
 * - Merchant transfers to a user's WeChat balance (`/v3/fund-app/mch-transfer/transfer-bills`: create, query by
 *   out_bill_no, cancel), idempotent on out_bill_no, held to WeChat's field and scene rules (scene 1000, cash
 *   marketing); a bill waits for the user's confirmation (WAIT_USER_CONFIRM with a package), which the JS-SDK shim's
 *   requestMerchantTransfer sheet ('Confirm receipt') or `emulatorConfirmTransfer` gives, then ends SUCCESS (or FAIL,
 *   or CANCELLED after 24 hours unconfirmed) with the signed, encrypted MCHTRANSFER.BILL.FINISHED notification.
 * - The pay sheet (JS-SDK shim, /emulator/wechat/jweixin.js) and the H5 pay page have 'Confirm payment' and 'Cancel'.
 * - `POST /emulator/wechat/control` (tests): expire tokens, decline the next payments, deliver notifications twice,
 *   fail the next refund calls, fail transfer calls transiently (the next n, or a share of them) or a user's transfers
 *   for good.
 */
import crypto from 'node:crypto';
import QRCode from 'qrcode';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import type { Sql } from '../db/sql.ts';
import { issueSandboxCode, takeSandboxCode, sandboxIdentity } from '../accounts/wechat-login.ts';
import type { Transport } from './client.ts';
import { EMULATOR_PREFIX, type WechatCredentials } from './credentials.ts';
import { encryptResource, platformHeaders, rsaVerify, verifyAuthorization } from './pay-sign.ts';
import { ownRequestOrigin, requestOriginOf, safeReturnUrl } from '../security/return-links.ts';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Texts the emulator's content security check (wxa/msg_sec_check) judges risky. */
export const EMULATOR_RISKY_TEXTS = ['违规样例', 'risky sample'] as const;

/** The web authorisation's `state`: letters and digits only, at most 128 bytes (WeChat's documented rule). */
export const OAUTH_STATE_RULE = /^[A-Za-z0-9]{0,128}$/;

/**
 * WeChat Pay v3's field rules for the calls the server makes, checked the way WeChat Pay checks them: a field that
 * breaks one is refused with 400 PARAM_ERROR and a message naming the input path, the field and the rule. Lengths
 * are UTF-8 bytes.
 */
type StringRule = { required?: boolean; min?: number; max: number; pattern?: RegExp; charset?: string };
type NumberRule = { required?: boolean; min: number; max?: { value: number; name: string } };

const mapped = (path: string, label: string) => `输入源“${path}”映射到值字段“${label}”`;

function stringProblem(path: string, label: string, value: unknown, rule: StringRule): string | null {
  if (value === undefined || value === null)
    return rule.required ? `${mapped(path, label)}必填性规则校验失败，此字段为必填项` : null;
  if (typeof value !== 'string') return `${mapped(path, label)}类型校验失败，应为字符串`;
  const bytes = Buffer.byteLength(value, 'utf8');
  const min = rule.min ?? 1;
  if (bytes < min) return `${mapped(path, label)}字符串规则校验失败，字节数 ${bytes}，小于最小值 ${min}`;
  if (bytes > rule.max)
    return `${mapped(path, label)}字符串规则校验失败，字节数 ${bytes}，大于最大值 ${rule.max}`;
  if (rule.pattern && !rule.pattern.test(value))
    return `${mapped(path, label)}字符串规则校验失败，只能是${rule.charset ?? rule.pattern.source}`;
  return null;
}

function numberProblem(path: string, label: string, value: unknown, rule: NumberRule): string | null {
  if (value === undefined || value === null)
    return rule.required ? `${mapped(path, label)}必填性规则校验失败，此字段为必填项` : null;
  if (typeof value !== 'number' || !Number.isInteger(value))
    return `${mapped(path, label)}类型校验失败，应为整数`;
  if (value < rule.min) return `${mapped(path, label)}数值规则校验失败，值 ${value}，小于最小值 ${rule.min}`;
  if (rule.max && value > rule.max.value)
    return `${mapped(path, label)}数值规则校验失败，值 ${value}，大于${rule.max.name} ${rule.max.value}`;
  return null;
}

/** out_trade_no: 6-32 of digits, letters, _ - | *. */
const OUT_TRADE_NO = /^[0-9A-Za-z_\-|*]{6,32}$/;
/** out_refund_no: 1-64 of digits, letters, _ - | * @. */
const OUT_REFUND_NO = /^[0-9A-Za-z_\-|*@]{1,64}$/;

type OrderInput = {
  appid?: string;
  mchid?: string;
  description?: string;
  attach?: string;
  out_trade_no?: string;
  notify_url?: string;
  amount?: { total?: number };
  payer?: { openid?: string };
};

/** The first rule a JSAPI or H5 order breaks (POST /v3/pay/transactions/jsapi|h5), or null. */
export function orderProblem(input: OrderInput): string | null {
  return (
    stringProblem('/body/description', '商品描述', input.description, { required: true, max: 127 }) ??
    stringProblem('/body/attach', '附加数据', input.attach, { max: 128 }) ??
    stringProblem('/body/out_trade_no', '商户订单号', input.out_trade_no, {
      required: true,
      min: 6,
      max: 32,
      pattern: OUT_TRADE_NO,
      charset: '数字、大小写字母、_-|*',
    }) ??
    stringProblem('/body/notify_url', '通知地址', input.notify_url, { required: true, max: 256 }) ??
    numberProblem('/body/amount/total', '总金额', input.amount?.total, { required: true, min: 1 })
  );
}

type RefundInput = {
  out_trade_no?: string;
  out_refund_no?: string;
  reason?: string;
  notify_url?: string;
  amount?: { refund?: number; total?: number };
};

/** The first rule a refund breaks (POST /v3/refund/domestic/refunds), or null. */
export function refundProblem(input: RefundInput): string | null {
  const total = input.amount?.total;
  return (
    stringProblem('/body/out_trade_no', '商户订单号', input.out_trade_no, { required: true, max: 32 }) ??
    stringProblem('/body/out_refund_no', '商户退款单号', input.out_refund_no, {
      required: true,
      max: 64,
      pattern: OUT_REFUND_NO,
      charset: '数字、大小写字母、_-|*@',
    }) ??
    stringProblem('/body/reason', '退款原因', input.reason, { max: 80 }) ??
    stringProblem('/body/notify_url', '退款结果回调url', input.notify_url, { max: 256 }) ??
    numberProblem('/body/amount/total', '原订单金额', total, { required: true, min: 1 }) ??
    numberProblem('/body/amount/refund', '退款金额', input.amount?.refund, {
      required: true,
      min: 1,
      max: typeof total === 'number' ? { value: total, name: '原订单金额' } : undefined,
    })
  );
}

/** out_bill_no: 1-32 digits and letters. */
const OUT_BILL_NO = /^[0-9A-Za-z]{1,32}$/;

/** A text limit counted in characters (the transfer's texts), worded like WeChat Pay's byte rules. */
function charsProblem(
  path: string,
  label: string,
  value: unknown,
  max: number,
  required = true,
): string | null {
  if (value === undefined || value === null)
    return required ? `${mapped(path, label)}必填性规则校验失败，此字段为必填项` : null;
  if (typeof value !== 'string') return `${mapped(path, label)}类型校验失败，应为字符串`;
  const chars = Array.from(value).length;
  if (chars < 1) return `${mapped(path, label)}字符串规则校验失败，字符数 ${chars}，小于最小值 1`;
  if (chars > max) return `${mapped(path, label)}字符串规则校验失败，字符数 ${chars}，大于最大值 ${max}`;
  return null;
}

type TransferInput = {
  appid?: string;
  out_bill_no?: string;
  transfer_scene_id?: string;
  openid?: string;
  transfer_amount?: number;
  transfer_remark?: string;
  notify_url?: string;
  user_recv_perception?: string;
  transfer_scene_report_infos?: { info_type?: string; info_content?: string }[];
};

/** The first field rule a transfer bill breaks (POST /v3/fund-app/mch-transfer/transfer-bills), or null. */
export function transferProblem(input: TransferInput): string | null {
  const infos = input.transfer_scene_report_infos;
  return (
    stringProblem('/body/appid', '商户AppID', input.appid, { required: true, max: 32 }) ??
    stringProblem('/body/out_bill_no', '商户单号', input.out_bill_no, {
      required: true,
      max: 32,
      pattern: OUT_BILL_NO,
      charset: '数字、大小写字母',
    }) ??
    stringProblem('/body/transfer_scene_id', '转账场景ID', input.transfer_scene_id, {
      required: true,
      max: 36,
    }) ??
    stringProblem('/body/openid', '收款用户OpenID', input.openid, { required: true, max: 64 }) ??
    numberProblem('/body/transfer_amount', '转账金额', input.transfer_amount, { required: true, min: 1 }) ??
    charsProblem('/body/transfer_remark', '转账备注', input.transfer_remark, 32) ??
    stringProblem('/body/notify_url', '通知地址', input.notify_url, { max: 256 }) ??
    (Array.isArray(infos)
      ? infos.reduce<string | null>(
          (problem, info, index) =>
            problem ??
            charsProblem(
              `/body/transfer_scene_report_infos/${index}/info_type`,
              '信息类型',
              info?.info_type,
              15,
            ) ??
            charsProblem(
              `/body/transfer_scene_report_infos/${index}/info_content`,
              '信息内容',
              info?.info_content,
              32,
            ),
          null,
        )
      : null)
  );
}

/**
 * The cash-marketing scene (1000)'s own rules: its two report entries (活动名称, 奖励说明), its receiving texts and
 * the amounts one transfer may carry (0.10 to 200.00 by default). [status, code, message] or null.
 */
export const CASH_MARKETING = { scene: '1000', minCents: 10, maxCents: 20_000 } as const;
function sceneProblem(input: TransferInput): [number, string, string] | null {
  if (input.transfer_scene_id !== CASH_MARKETING.scene)
    return [400, 'INVALID_REQUEST', '商户号未开通该转账场景，请前往商户平台申请'];
  const types = (input.transfer_scene_report_infos ?? []).map((info) => info?.info_type).sort();
  if (types.length !== 2 || types[0] !== '奖励说明' || types[1] !== '活动名称')
    return [400, 'PARAM_ERROR', '需传入转账场景报备信息，请检查'];
  if (
    input.user_recv_perception !== undefined &&
    input.user_recv_perception !== '现金奖励' &&
    input.user_recv_perception !== '活动奖励'
  )
    return [400, 'INVALID_REQUEST', '暂不支持展示当前传入的用户收款感知'];
  const amount = input.transfer_amount ?? 0;
  if (amount < CASH_MARKETING.minCents || amount > CASH_MARKETING.maxCents)
    return [400, 'INVALID_REQUEST', '超过单笔转账上下限，核实产品设置是否准确'];
  return null;
}

/** A transfer bill the emulator holds. */
type EmulatorBill = {
  out_bill_no: string;
  transfer_bill_no: string;
  appid: string;
  openid: string;
  amount: number;
  remark: string;
  notify_url: string;
  state: 'WAIT_USER_CONFIRM' | 'TRANSFERING' | 'SUCCESS' | 'FAIL' | 'CANCELLED';
  fail_reason?: string;
  package_info: string;
  created_at: number;
  updated_at: number;
};

/** How long a transfer waits for the user's confirmation before WeChat cancels it. */
export const TRANSFER_CONFIRM_WINDOW_MS = 24 * 3600 * 1000;

type Transaction = {
  appid: string;
  mchid: string;
  out_trade_no: string;
  description: string;
  attach?: string;
  notify_url: string;
  total: number;
  openid?: string;
  trade_type: 'JSAPI' | 'MWEB';
  trade_state: 'NOTPAY' | 'SUCCESS' | 'CLOSED' | 'PAYERROR' | 'REFUND';
  transaction_id?: string;
  success_time?: string;
  refunded: number;
};

type EmulatorRefund = {
  out_refund_no: string;
  refund_id: string;
  out_trade_no: string;
  amount: number;
  reason?: string;
  status: 'PROCESSING' | 'SUCCESS';
  notify_url: string;
};

export type EmulatorControl = {
  /** Every access token issued so far answers 42001 from now on. */
  expireTokens?: boolean;
  /** The next n payments are declined (the sheet answers fail, no notification). */
  declinePayments?: number;
  /**
   * The next payment by this sandbox user (the name given on the authorise page) is declined. Unlike
   * `declinePayments`, payments by other viewers made meanwhile (tests running side by side) go through.
   */
  declineNextPaymentOf?: string;
  /** Every payment notification is delivered twice (WeChat repeats them). */
  duplicateNotifications?: boolean;
  /** The next n refund calls answer 500 SYSTEM_ERROR. */
  failRefunds?: number;
  /** The next n payments succeed without a notification (the merchant must ask: order query on return). */
  dropNotifications?: number;
  /** The next n transfer calls (create, query, cancel) answer 500 SYSTEM_ERROR. */
  failTransferCalls?: number;
  /**
   * This share of the transfer calls answers 500 SYSTEM_ERROR (every 1/rate-th call; 0 stops it). Every other such
   * creation makes the bill before failing, as when WeChat's answer is lost: the retry must find the same bill.
   */
  transferErrorRate?: number;
  /** Transfers to this user (the sandbox user's name, or an openid) fail with `reason` when confirmed. */
  failTransfersOf?: { subject?: string; openid?: string; reason: string };
};

export type EmulatorState = {
  tokens: Map<string, { appid: string; expiresAt: number; expired: boolean }>;
  transactions: Map<string, Transaction>;
  prepays: Map<string, string>;
  refunds: Map<string, EmulatorRefund>;
  control: Required<
    Omit<
      EmulatorControl,
      'declineNextPaymentOf' | 'failTransferCalls' | 'transferErrorRate' | 'failTransfersOf'
    >
  >;
  /** The openids whose next payment is declined. */
  declineOpenids: Set<string>;
  notifications: { url: string; status: number; event_type: string }[];
  /** Merchant transfers: the bills by out_bill_no, and the switches that make them fail. */
  transfers: {
    bills: Map<string, EmulatorBill>;
    calls: number;
    errorRate: number;
    failNext: number;
    /** How often a failing creation made its bill first. */
    lostAnswers: number;
    failOpenids: Map<string, string>;
  };
};

export function newEmulatorState(): EmulatorState {
  return {
    tokens: new Map(),
    transactions: new Map(),
    prepays: new Map(),
    refunds: new Map(),
    control: {
      expireTokens: false,
      declinePayments: 0,
      duplicateNotifications: false,
      failRefunds: 0,
      dropNotifications: 0,
    },
    declineOpenids: new Set(),
    notifications: [],
    transfers: {
      bills: new Map(),
      calls: 0,
      errorRate: 0,
      failNext: 0,
      lostAnswers: 0,
      failOpenids: new Map(),
    },
  };
}

/** The emulator's state of a server (tests look at notifications and refunds): services.wechat.emulator. */
export function emulatorState(app: FastifyInstance): EmulatorState {
  const state = app.services.wechat.emulator;
  if (!state) throw new Error('no WeChat emulator on this server');
  return state;
}

/**
 * A transport that hands requests for this server's own origin to the server in-process (fastify.inject), so the
 * emulator works in tests that never listen; anything else goes over the network.
 */
export function localTransport(app: FastifyInstance, origin: string, fallback: Transport): Transport {
  return async (url, init) => {
    if (!url.startsWith(`${origin}/`)) return fallback(url, init);
    const response = await app.inject({
      method: init.method as 'GET' | 'POST',
      url: url.slice(origin.length),
      headers: init.headers,
      payload: init.body,
    });
    const headers: Record<string, string> = {};
    for (const [key, value] of Object.entries(response.headers))
      if (value !== undefined) headers[key] = Array.isArray(value) ? value.join(', ') : String(value);
    return { status: response.statusCode, headers, body: response.rawPayload };
  };
}

const SHIM = `(() => {
  const ready = [], errors = [];
  let configured = false;
  const call = (options, result) => setTimeout(() => { options && options.success && options.success(result || {}); options && options.complete && options.complete(result || {}); }, 0);
  window.wx = {
    config(options) { configured = Boolean(options && options.signature); setTimeout(() => (configured ? ready : errors).splice(0).forEach((fn) => fn(configured ? undefined : { errMsg: 'config:invalid signature' })), 0); },
    ready(fn) { configured ? setTimeout(fn, 0) : ready.push(fn); },
    error(fn) { errors.push(fn); },
    updateAppMessageShareData(payload) { window.__wxShare = Object.assign({ kind: 'appMessage' }, payload); call(payload); },
    updateTimelineShareData(payload) { window.__wxShare = Object.assign({ kind: 'timeline' }, payload); call(payload); },
    onMenuShareAppMessage(payload) { window.__wxShare = Object.assign({ kind: 'appMessage' }, payload); },
    onMenuShareTimeline(payload) { window.__wxShare = Object.assign({ kind: 'timeline' }, payload); },
    previewImage(options) { window.__wxPreview = options; call(options); },
    getLocation(options) { call(options, { latitude: 31.2304, longitude: 121.4737, accuracy: 30 }); },
    openLocation(options) { window.__wxOpenLocation = options; call(options); },
    chooseImage(options) { call(options, { localIds: [] }); },
    chooseWXPay(options) { window.WeixinJSBridge.invoke('getBrandWCPayRequest', options, (res) => { const ok = /:ok$/.test(res.err_msg); (ok ? options.success : options.cancel || options.fail) && (ok ? options.success : options.cancel || options.fail)(res); }); },
  };
  // The payment sheet: the emulator checks the paySign, then pays (and notifies the server) or declines.
  window.WeixinJSBridge = {
    invoke(name, params, callback) {
      if (name === 'requestMerchantTransfer') return confirmTransfer(params, callback);
      if (name !== 'getBrandWCPayRequest') return callback({ err_msg: name + ':fail' });
      // A modal <dialog> in the top layer, like WeChat's own sheet over the page: above any dialog the page has open
      // (the red-packet and gift pop-ups stay open while paying), whose modality would otherwise make it inert.
      const sheet = document.createElement('dialog');
      sheet.setAttribute('aria-label', 'WeChat Pay sandbox');
      sheet.style.cssText = 'position:fixed;inset:auto 0 0 0;margin:0;width:100%;max-width:none;box-sizing:border-box;border:0;z-index:99999;padding:24px;background:#fff;color:#111;font:16px system-ui,sans-serif;box-shadow:0 -4px 24px rgba(0,0,0,.3);text-align:center';
      sheet.innerHTML = '<p>WeChat Pay sandbox</p><button type="button" data-pay="confirm">Confirm payment</button> <button type="button" data-pay="cancel">Cancel</button>';
      let closed = false;
      const close = (result) => { if (closed) return; closed = true; if (sheet.open) sheet.close(); sheet.remove(); callback({ err_msg: 'get_brand_wcpay_request:' + result }); };
      sheet.addEventListener('cancel', (event) => { event.preventDefault(); close('cancel'); });
      sheet.querySelector('[data-pay="cancel"]').onclick = () => close('cancel');
      sheet.querySelector('[data-pay="confirm"]').onclick = async () => {
        try {
          const response = await fetch('${EMULATOR_PREFIX}/pay/confirm', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ jsapi: params }) });
          const answer = await response.json();
          close(answer.result === 'ok' ? 'ok' : 'fail');
        } catch (error) { close('fail'); }
      };
      document.body.appendChild(sheet);
      sheet.showModal();
    },
  };
  // The merchant transfer's confirmation page (requestMerchantTransfer): the user confirms receipt of the money.
  function confirmTransfer(params, callback) {
    const sheet = document.createElement('dialog');
    sheet.setAttribute('aria-label', 'WeChat transfer sandbox');
    sheet.style.cssText = 'position:fixed;inset:auto 0 0 0;margin:0;width:100%;max-width:none;box-sizing:border-box;border:0;z-index:99999;padding:24px;background:#fff;color:#111;font:16px system-ui,sans-serif;box-shadow:0 -4px 24px rgba(0,0,0,.3);text-align:center';
    sheet.innerHTML = '<p>WeChat transfer sandbox</p><button type="button" data-transfer="confirm">Confirm receipt</button> <button type="button" data-transfer="cancel">Cancel</button>';
    let closed = false;
    const close = (result) => { if (closed) return; closed = true; if (sheet.open) sheet.close(); sheet.remove(); callback({ err_msg: 'requestMerchantTransfer:' + result }); };
    sheet.addEventListener('cancel', (event) => { event.preventDefault(); close('cancel'); });
    sheet.querySelector('[data-transfer="cancel"]').onclick = () => close('cancel');
    sheet.querySelector('[data-transfer="confirm"]').onclick = async () => {
      try {
        const response = await fetch('${EMULATOR_PREFIX}/pay/transfer/confirm', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ mchId: params.mchId, appId: params.appId, package: params.package }) });
        const answer = await response.json();
        close(answer.result === 'ok' ? 'ok' : 'fail');
      } catch (error) { close('fail'); }
    };
    document.body.appendChild(sheet);
    sheet.showModal();
  }
  document.dispatchEvent(new Event('WeixinJSBridgeReady'));
})();
`;

export async function wechatEmulator(
  app: FastifyInstance,
  options: {
    sql: Sql;
    credentials: WechatCredentials;
    publicOrigin: string;
    transport: Transport;
    now: () => number;
    log?: (message: string) => void;
    /** What the emulator keeps (services.wechat.emulator). */
    state: EmulatorState;
  },
) {
  const { credentials, sql, state } = options;
  const { now } = options;
  const log = options.log ?? (() => {});
  const merchantPublicKey = crypto
    .createPublicKey(credentials.privateKey)
    .export({ type: 'spki', format: 'pem' }) as string;
  const platformKey = credentials.emulatorPlatformPrivateKey;
  if (!platformKey) throw new Error('the emulator needs its platform key');
  const apps = new Map<string, string>([
    [credentials.appId, credentials.appSecret],
    ...(credentials.miniAppId
      ? ([[credentials.miniAppId, credentials.miniAppSecret]] as [string, string][])
      : []),
  ]);

  // ---------------- api.weixin.qq.com ----------------
  const api = `${EMULATOR_PREFIX}/api`;
  const err = (errcode: number, errmsg: string) => ({ errcode, errmsg });
  const tokenError = (token: string | undefined) => {
    const entry = token ? state.tokens.get(token) : undefined;
    if (!entry) return err(40001, 'invalid credential, access_token is invalid or not latest');
    if (entry.expired || state.control.expireTokens || entry.expiresAt <= now())
      return err(42001, 'access_token expired');
    return null;
  };
  // WeChat's request shapes, as JSON Schemas that Fastify validates and the handlers are typed from (json-schema-to-ts).
  // Every field is optional: a missing one gets WeChat's own answer (an errcode), as from WeChat, not a 400.
  const text = { type: 'string' } as const;
  const fields = <const P extends Record<string, typeof text>>(properties: P) =>
    ({ type: 'object', properties }) as const;
  const tokenQuery = fields({ access_token: text });
  const wechat = app.withTypeProvider<JsonSchemaToTsProvider>();

  const tokenSchema = { querystring: fields({ grant_type: text, appid: text, secret: text }) };
  wechat.get(`${api}/cgi-bin/token`, { schema: tokenSchema }, async (request) => {
    const { grant_type, appid = '', secret } = request.query;
    if (grant_type !== 'client_credential') return err(40002, 'invalid grant_type');
    if (!apps.has(appid)) return err(40013, 'invalid appid');
    if (apps.get(appid) !== secret) return err(40125, 'invalid appsecret');
    if (state.control.expireTokens) {
      state.control.expireTokens = false;
      for (const entry of state.tokens.values()) entry.expired = true;
    }
    const token = crypto.randomBytes(48).toString('base64url');
    state.tokens.set(token, { appid, expiresAt: now() + 7200_000, expired: false });
    return { access_token: token, expires_in: 7200 };
  });

  const ticketSchema = { querystring: fields({ access_token: text, type: text }) };
  wechat.get(`${api}/cgi-bin/ticket/getticket`, { schema: ticketSchema }, async (request) => {
    const { access_token, type } = request.query;
    const refused = tokenError(access_token);
    if (refused) return refused;
    if (type !== 'jsapi') return err(40097, 'invalid args');
    return {
      errcode: 0,
      errmsg: 'ok',
      ticket: `emulator-ticket-${crypto.randomBytes(12).toString('hex')}`,
      expires_in: 7200,
    };
  });

  // OAuth access tokens (web): the sns access token is per viewer.
  const snsTokens = new Map<string, { openid: string; subject: string; scope: string; app: string }>();
  const oauthTokenSchema = {
    querystring: fields({ appid: text, secret: text, code: text, grant_type: text }),
  };
  wechat.get(`${api}/sns/oauth2/access_token`, { schema: oauthTokenSchema }, async (request) => {
    const { appid, secret, code = '', grant_type } = request.query;
    // The official account's codes, or the website app's (the QR sign-in, scope snsapi_login): each app redeems its own.
    const website =
      credentials.websiteAppId !== '' &&
      appid === credentials.websiteAppId &&
      secret === credentials.websiteAppSecret;
    if (!website && (appid !== credentials.appId || secret !== credentials.appSecret))
      return err(40125, 'invalid appsecret');
    if (grant_type !== 'authorization_code') return err(40002, 'invalid grant_type');
    let taken;
    try {
      taken = await takeSandboxCode(sql, 'oauth', code, now());
    } catch (error) {
      const { errcode, errmsg } = error as { errcode: number; errmsg: string };
      return err(errcode ?? 40029, errmsg ?? 'invalid code');
    }
    const [subject, scope = credentials.oauthScope] = taken.split('|');
    if ((scope === 'snsapi_login') !== website) return err(40029, 'invalid code');
    const app = website ? credentials.websiteAppId : credentials.appId;
    const identity = sandboxIdentity(app, subject);
    const accessToken = crypto.randomBytes(32).toString('base64url');
    snsTokens.set(accessToken, { openid: identity.openid, subject, scope, app });
    return {
      access_token: accessToken,
      expires_in: 7200,
      refresh_token: crypto.randomBytes(32).toString('base64url'),
      openid: identity.openid,
      scope,
      is_snapshotuser: 0,
      unionid: identity.unionid,
    };
  });

  const userInfoSchema = { querystring: fields({ access_token: text, openid: text }) };
  wechat.get(`${api}/sns/userinfo`, { schema: userInfoSchema }, async (request) => {
    const { access_token = '', openid } = request.query;
    const entry = snsTokens.get(access_token);
    if (!entry) return err(40001, 'invalid credential, access_token is invalid or not latest');
    if (entry.openid !== openid) return err(40003, 'invalid openid');
    if (!/\bsnsapi_(userinfo|login)\b/.test(entry.scope)) return err(48001, 'api unauthorized');
    const identity = sandboxIdentity(entry.app, entry.subject);
    return {
      openid: identity.openid,
      nickname: identity.nickname,
      sex: 0,
      province: '',
      city: '',
      country: '',
      headimgurl: '',
      privilege: [],
      unionid: identity.unionid,
    };
  });

  const sessionSchema = { querystring: fields({ appid: text, secret: text, js_code: text }) };
  wechat.get(`${api}/sns/jscode2session`, { schema: sessionSchema }, async (request) => {
    const { appid, secret, js_code = '' } = request.query;
    if (!apps.has(appid ?? '') || apps.get(appid ?? '') !== secret) return err(40125, 'invalid appsecret');
    try {
      const subject = await takeSandboxCode(sql, 'mini', js_code, now());
      const identity = sandboxIdentity(`${credentials.appId}-mini`, subject);
      return {
        openid: identity.openid,
        session_key: crypto.createHash('sha256').update(`session\n${js_code}`).digest('base64').slice(0, 24),
        unionid: identity.unionid,
      };
    } catch (error) {
      const { errcode, errmsg } = error as { errcode: number; errmsg: string };
      return err(errcode ?? 40029, errmsg ?? 'invalid code');
    }
  });

  const phoneSchema = { querystring: tokenQuery, body: fields({ code: text }) };
  wechat.post(`${api}/wxa/business/getuserphonenumber`, { schema: phoneSchema }, async (request) => {
    const refused = tokenError(request.query.access_token);
    if (refused) return refused;
    const { code = '' } = request.body;
    try {
      const phone = await takeSandboxCode(sql, 'phone', code, now());
      return {
        errcode: 0,
        errmsg: 'ok',
        phone_info: { phoneNumber: phone, purePhoneNumber: phone, countryCode: '86' },
      };
    } catch (error) {
      const { errcode, errmsg } = error as { errcode: number; errmsg: string };
      return err(errcode ?? 40029, errmsg ?? 'invalid code');
    }
  });

  const miniCodeSchema = { querystring: tokenQuery, body: fields({ scene: text, page: text }) };
  wechat.post(`${api}/wxa/getwxacodeunlimit`, { schema: miniCodeSchema }, async (request, reply) => {
    const refused = tokenError(request.query.access_token);
    if (refused) return refused;
    const { scene = '', page = '' } = request.body;
    if (!scene || scene.length > 32 || !/^[\w!#$&'()*+,/:;=?@.~-]+$/.test(scene))
      return err(40169, 'invalid scene');
    if (page.startsWith('/')) return err(41030, 'invalid page');
    const image = await QRCode.toBuffer(`wxacode:${credentials.miniAppId}:${page}?scene=${scene}`, {
      type: 'png',
      width: 430,
      margin: 2,
    });
    return reply.type('image/png').send(image);
  });

  // wxa/msg_sec_check (content security): a text holding one of EMULATOR_RISKY_TEXTS is risky. Version 2 (scene and
  // the writer's openid required) answers result.suggest and label; version 1 answers errcode 87014 for a risky text.
  const secCheckSchema = {
    querystring: tokenQuery,
    body: {
      type: 'object',
      properties: { content: text, version: { type: 'integer' }, scene: { type: 'integer' }, openid: text },
    },
  } as const;
  wechat.post(`${api}/wxa/msg_sec_check`, { schema: secCheckSchema }, async (request) => {
    const refused = tokenError(request.query.access_token);
    if (refused) return refused;
    const { content, version, scene, openid } = request.body;
    if (typeof content !== 'string' || !content) return err(47001, 'data format error');
    const risky = EMULATOR_RISKY_TEXTS.some((word) => content.includes(word));
    if (version !== 2) return risky ? err(87014, 'risky content') : err(0, 'ok');
    if (!openid) return err(40003, 'invalid openid');
    if (scene === undefined || scene < 1 || scene > 4) return err(40097, 'invalid args');
    const label = risky ? 20006 : 100;
    const suggest = risky ? 'risky' : 'pass';
    return {
      ...err(0, 'ok'),
      result: { suggest, label },
      detail: [{ strategy: 'content_model', errcode: 0, suggest, label, prob: risky ? 90 : 0 }],
      trace_id: crypto.randomBytes(12).toString('hex'),
    };
  });

  // ---------------- open.weixin.qq.com: the authorise page ----------------
  // WeChat redirects only to the official account's domain: here the public origin, or this server at the address
  // the page was opened on (a login started on 127.0.0.1 or a LAN address stays there); never another site.
  const ownSite = (redirect: URL, request: Parameters<typeof ownRequestOrigin>[0]) =>
    redirect.origin === new URL(options.publicOrigin).origin || redirect.origin === ownRequestOrigin(request);
  const open = `${EMULATOR_PREFIX}/open`;
  const authorizeSchema = {
    querystring: fields({ appid: text, redirect_uri: text, response_type: text, scope: text, state: text }),
  };
  wechat.get(`${open}/connect/oauth2/authorize`, { schema: authorizeSchema }, async (request, reply) => {
    const { appid, redirect_uri = '', response_type, scope = '', state: st = '' } = request.query;
    const page = (title: string, body: string) =>
      reply.type('text/html; charset=utf-8').send(`<!doctype html><html lang="en"><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title>
<main style="font:16px system-ui,sans-serif;max-width:420px;margin:15vh auto;padding:0 24px;text-align:center">${body}</main></html>`);
    if (appid !== credentials.appId || response_type !== 'code' || !/^snsapi_(base|userinfo)$/.test(scope))
      return page(
        'WeChat',
        '<h1 style="font-size:20px">Error</h1><p>10003 redirect_uri / appid / scope invalid</p>',
      );
    let redirect: URL;
    try {
      redirect = new URL(redirect_uri);
    } catch {
      return page('WeChat', '<h1 style="font-size:20px">Error</h1><p>10003 redirect_uri invalid</p>');
    }
    if (!ownSite(redirect, request))
      return page('WeChat', '<h1 style="font-size:20px">Error</h1><p>10003 redirect_uri domain mismatch</p>');
    if (!OAUTH_STATE_RULE.test(st))
      return page(
        'WeChat',
        `<h1 style="font-size:20px">Error</h1><p>state参数错误：state 只能是 a-zA-Z0-9，最多 128 字节（收到 ${Buffer.byteLength(st, 'utf8')} 字节）。</p>
<p>Invalid state: letters and digits only (a-zA-Z0-9), at most 128 bytes.</p>`,
      );
    const approve = `${open}/connect/oauth2/approve`;
    return page(
      'WeChat login',
      `<h1 style="font-size:20px">WeChat sandbox</h1><p>livev3 asks to use your WeChat profile (${escapeHtml(scope)}).</p>
<form method="get" action="${approve}">
<input type="hidden" name="redirect_uri" value="${escapeHtml(redirect_uri)}">
<input type="hidden" name="state" value="${escapeHtml(st)}"><input type="hidden" name="scope" value="${escapeHtml(scope)}">
<p><label>WeChat user <input name="subject" value="demo-viewer" pattern="[A-Za-z0-9_-]{1,64}" required></label></p>
<p><button id="authorise" type="submit">Authorise</button></p></form>
<p><a href="${escapeHtml(redirect_uri)}">Cancel</a></p>`,
    );
  });

  const approveSchema = {
    querystring: fields({ redirect_uri: text, state: text, scope: text, subject: text }),
  };
  wechat.get(`${open}/connect/oauth2/approve`, { schema: approveSchema }, async (request, reply) => {
    const { redirect_uri = '', state: st = '', scope = '', subject = '' } = request.query;
    let redirect: URL;
    try {
      redirect = new URL(redirect_uri);
    } catch {
      return reply.code(400).send('redirect_uri invalid');
    }
    if (!ownSite(redirect, request) || !/^[\w-]{1,64}$/.test(subject) || !OAUTH_STATE_RULE.test(st))
      return reply.code(400).send('invalid request');
    const { code } = await issueSandboxCode(sql, 'oauth', `${subject}|${scope}`, now());
    redirect.searchParams.set('code', code);
    redirect.searchParams.set('state', st);
    return reply.redirect(redirect.toString());
  });

  // ---------------- open.weixin.qq.com: the website app's QR sign-in ----------------
  // The desktop page shows a QR code of a scan address and asks every second whether the phone confirmed; the scan
  // page (what WeChat on the phone shows after scanning) names the WeChat user and confirms; the desktop page then
  // goes to redirect_uri with a code of scope snsapi_login. A QR code lives 5 minutes, like WeChat's.
  const QR_TTL_MS = 5 * 60 * 1000;
  const qrLogins = new Map<
    string,
    { redirect: string; state: string; expiresAt: number; confirmed?: string; cancelled?: boolean }
  >();
  const qrLogin = (uuid: string | undefined) => {
    const entry = qrLogins.get(uuid ?? '');
    if (!entry || entry.expiresAt <= now()) return undefined;
    return entry;
  };
  const plainPage = (reply: FastifyReply, title: string, body: string) =>
    reply.type('text/html; charset=utf-8').send(`<!doctype html><html lang="en"><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title>
<main style="font:16px system-ui,sans-serif;max-width:420px;margin:10vh auto;padding:0 24px;text-align:center">${body}</main></html>`);
  const qrConnectSchema = {
    querystring: fields({ appid: text, redirect_uri: text, response_type: text, scope: text, state: text }),
  };
  wechat.get(`${open}/connect/qrconnect`, { schema: qrConnectSchema }, async (request, reply) => {
    const { appid, redirect_uri = '', response_type, scope, state: st = '' } = request.query;
    const failed = (detail: string) =>
      plainPage(reply, 'WeChat', `<h1 style="font-size:20px">Error</h1><p>${escapeHtml(detail)}</p>`);
    if (!credentials.websiteAppId || appid !== credentials.websiteAppId) return failed('10003 appid invalid');
    if (response_type !== 'code' || scope !== 'snsapi_login') return failed('10003 scope invalid');
    let redirect: URL;
    try {
      redirect = new URL(redirect_uri);
    } catch {
      return failed('10003 redirect_uri invalid');
    }
    if (!ownSite(redirect, request)) return failed('10003 redirect_uri domain mismatch');
    if (!OAUTH_STATE_RULE.test(st)) return failed('state invalid: a-zA-Z0-9, at most 128 bytes');
    for (const [uuid, entry] of qrLogins) if (entry.expiresAt <= now()) qrLogins.delete(uuid);
    const uuid = crypto.randomBytes(12).toString('hex');
    qrLogins.set(uuid, { redirect: redirect.toString(), state: st, expiresAt: now() + QR_TTL_MS });
    const scan = `${requestOriginOf(request)}${open}/connect/qrconnect/scan?${new URLSearchParams({ uuid })}`;
    const poll = `${open}/connect/qrconnect/poll?${new URLSearchParams({ uuid })}`;
    return plainPage(
      reply,
      'WeChat QR sign-in',
      `<h1 style="font-size:20px">WeChat sandbox: scan to sign in</h1>
<img src="${open}/connect/qrconnect/qr.png?${new URLSearchParams({ uuid })}" width="240" height="240" alt="QR code to scan with WeChat">
<p>Scan with WeChat on a phone, then confirm on the phone.</p>
<p><a id="scan-link" href="${escapeHtml(scan)}">Open the scan page (sandbox)</a></p>
<p id="status" role="status"></p>
<script>
const poll = ${JSON.stringify(poll).replace(/</g, '\\u003c')};
const ask = async () => {
  const answer = await (await fetch(poll)).json();
  if (answer.status === 'confirmed') return location.assign(answer.redirect);
  if (answer.status === 'cancelled') return (document.getElementById('status').textContent = 'Cancelled on the phone');
  if (answer.status === 'expired') return (document.getElementById('status').textContent = 'The QR code has expired');
  setTimeout(ask, 1000);
};
ask();
</script>`,
    );
  });
  const uuidSchema = { querystring: fields({ uuid: text }) };
  wechat.get(`${open}/connect/qrconnect/qr.png`, { schema: uuidSchema }, async (request, reply) => {
    if (!qrLogin(request.query.uuid)) return reply.code(404).send('expired');
    const scan = `${requestOriginOf(request)}${open}/connect/qrconnect/scan?${new URLSearchParams({ uuid: request.query.uuid ?? '' })}`;
    return reply.type('image/png').send(await QRCode.toBuffer(scan, { width: 240, margin: 1 }));
  });
  wechat.get(`${open}/connect/qrconnect/poll`, { schema: uuidSchema }, async (request) => {
    const entry = qrLogin(request.query.uuid);
    if (!entry) return { status: 'expired' };
    if (entry.cancelled) return { status: 'cancelled' };
    if (!entry.confirmed) return { status: 'waiting' };
    qrLogins.delete(request.query.uuid ?? '');
    return { status: 'confirmed', redirect: entry.confirmed };
  });
  wechat.get(`${open}/connect/qrconnect/scan`, { schema: uuidSchema }, async (request, reply) => {
    const { uuid = '' } = request.query;
    if (!qrLogin(uuid))
      return plainPage(reply, 'WeChat', '<h1 style="font-size:20px">The QR code has expired</h1>');
    return plainPage(
      reply,
      'WeChat',
      `<h1 style="font-size:20px">WeChat sandbox</h1><p>Sign in to livev3 on a computer?</p>
<form method="get" action="${open}/connect/qrconnect/confirm">
<input type="hidden" name="uuid" value="${escapeHtml(uuid)}">
<p><label>WeChat user <input name="subject" value="demo-organiser" pattern="[A-Za-z0-9_-]{1,64}" required></label></p>
<p><button id="confirm" type="submit" name="answer" value="confirm">Sign in</button>
<button id="cancel" type="submit" name="answer" value="cancel" formnovalidate>Cancel</button></p></form>`,
    );
  });
  const confirmSchema = { querystring: fields({ uuid: text, subject: text, answer: text }) };
  wechat.get(`${open}/connect/qrconnect/confirm`, { schema: confirmSchema }, async (request, reply) => {
    const { uuid = '', subject = '', answer } = request.query;
    const entry = qrLogin(uuid);
    if (!entry) return plainPage(reply, 'WeChat', '<h1 style="font-size:20px">The QR code has expired</h1>');
    if (answer === 'cancel') {
      entry.cancelled = true;
      return plainPage(reply, 'WeChat', '<h1 style="font-size:20px">Cancelled</h1>');
    }
    if (!/^[\w-]{1,64}$/.test(subject)) return reply.code(400).send('invalid request');
    const { code } = await issueSandboxCode(sql, 'oauth', `${subject}|snsapi_login`, now());
    const redirect = new URL(entry.redirect);
    redirect.searchParams.set('code', code);
    redirect.searchParams.set('state', entry.state);
    entry.confirmed = redirect.toString();
    return plainPage(
      reply,
      'WeChat',
      '<h1 style="font-size:20px">Signed in</h1><p>Continue on the computer.</p>',
    );
  });

  // ---------------- api.mch.weixin.qq.com (API v3) ----------------
  const pay = `${EMULATOR_PREFIX}/pay`;
  const signed = (reply: FastifyReply, status: number, body: unknown) => {
    const text = body === undefined ? '' : JSON.stringify(body);
    reply.code(status).headers({
      ...platformHeaders(text, platformKey, credentials.platformSerial, Math.floor(now() / 1000)),
      'request-id': crypto.randomUUID(),
    });
    return text ? reply.type('application/json').send(text) : reply.send();
  };
  const payError = (reply: FastifyReply, status: number, code: string, message: string) =>
    signed(reply, status, { code, message });

  // Raw bodies: the signature covers the exact bytes.
  app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'string', bodyLimit: 64 * 1024 }, (_request, body, done) =>
      done(null, body),
    );
    const authorised = (request: FastifyRequest) => {
      const url = request.url.slice(pay.length);
      const fields = verifyAuthorization(
        request.headers.authorization,
        { method: request.method, url, body: typeof request.body === 'string' ? request.body : '' },
        merchantPublicKey,
      );
      return Boolean(
        fields && fields.mchid === credentials.mchId && fields.serial_no === credentials.serialNo,
      );
    };
    const body = <T>(request: FastifyRequest): T | null => {
      try {
        return JSON.parse(String(request.body ?? '')) as T;
      } catch {
        return null;
      }
    };

    const createOrder = (kind: 'JSAPI' | 'MWEB') => async (request: FastifyRequest, reply: FastifyReply) => {
      if (!authorised(request)) return payError(reply, 401, 'SIGN_ERROR', '签名错误');
      const input = body<OrderInput>(request);
      if (!input || typeof input !== 'object') return payError(reply, 400, 'PARAM_ERROR', '参数错误');
      const problem = orderProblem(input);
      if (problem) return payError(reply, 400, 'PARAM_ERROR', problem);
      // Always there once the rules hold; this tells the compiler so.
      if (!input.out_trade_no || !input.description || !input.notify_url || !input.amount?.total)
        return payError(reply, 400, 'PARAM_ERROR', '参数错误');
      if (input.appid !== credentials.appId || input.mchid !== credentials.mchId)
        return payError(reply, 400, 'APPID_MCHID_NOT_MATCH', 'appid和mch_id不匹配');
      if (kind === 'JSAPI' && !input.payer?.openid)
        return payError(reply, 400, 'PARAM_ERROR', '缺少参数payer.openid');
      const existing = state.transactions.get(input.out_trade_no);
      if (existing?.trade_state === 'SUCCESS') return payError(reply, 400, 'ORDERPAID', '该订单已支付');
      if (existing && existing.total !== input.amount.total)
        return payError(reply, 400, 'OUT_TRADE_NO_USED', '商户订单号重复');
      const transaction: Transaction = existing ?? {
        appid: input.appid,
        mchid: input.mchid,
        out_trade_no: input.out_trade_no,
        description: input.description,
        attach: input.attach,
        notify_url: input.notify_url,
        total: input.amount.total,
        trade_type: kind,
        trade_state: 'NOTPAY',
        refunded: 0,
      };
      transaction.openid = input.payer?.openid ?? transaction.openid;
      state.transactions.set(input.out_trade_no, transaction);
      const prepayId = `wx${crypto.randomBytes(14).toString('hex')}`;
      state.prepays.set(prepayId, input.out_trade_no);
      if (kind === 'JSAPI') return signed(reply, 200, { prepay_id: prepayId });
      return signed(reply, 200, { h5_url: `${options.publicOrigin}${pay}/h5?prepay_id=${prepayId}` });
    };
    scope.post(`${pay}/v3/pay/transactions/jsapi`, createOrder('JSAPI'));
    scope.post(`${pay}/v3/pay/transactions/h5`, createOrder('MWEB'));

    const answerOf = (transaction: Transaction) => ({
      appid: transaction.appid,
      mchid: transaction.mchid,
      out_trade_no: transaction.out_trade_no,
      transaction_id: transaction.transaction_id,
      trade_type: transaction.trade_type,
      trade_state: transaction.trade_state,
      trade_state_desc: {
        NOTPAY: '未支付',
        SUCCESS: '支付成功',
        CLOSED: '已关闭',
        PAYERROR: '支付失败',
        REFUND: '转入退款',
      }[transaction.trade_state],
      success_time: transaction.success_time,
      payer: transaction.openid ? { openid: transaction.openid } : undefined,
      amount: {
        total: transaction.total,
        payer_total: transaction.total,
        currency: 'CNY',
        payer_currency: 'CNY',
      },
    });

    scope.get<{ Params: { sn: string } }>(
      `${pay}/v3/pay/transactions/out-trade-no/:sn`,
      async (request, reply) => {
        if (!authorised(request)) return payError(reply, 401, 'SIGN_ERROR', '签名错误');
        const transaction = state.transactions.get(request.params.sn);
        if (!transaction) return payError(reply, 404, 'ORDER_NOT_EXIST', '订单不存在');
        return signed(reply, 200, answerOf(transaction));
      },
    );

    scope.post<{ Params: { sn: string } }>(
      `${pay}/v3/pay/transactions/out-trade-no/:sn/close`,
      async (request, reply) => {
        if (!authorised(request)) return payError(reply, 401, 'SIGN_ERROR', '签名错误');
        const transaction = state.transactions.get(request.params.sn);
        if (!transaction) return payError(reply, 404, 'ORDER_NOT_EXIST', '订单不存在');
        if (transaction.trade_state === 'SUCCESS') return payError(reply, 400, 'ORDERPAID', '该订单已支付');
        transaction.trade_state = 'CLOSED';
        return signed(reply, 204, undefined);
      },
    );

    scope.post(`${pay}/v3/refund/domestic/refunds`, async (request, reply) => {
      if (!authorised(request)) return payError(reply, 401, 'SIGN_ERROR', '签名错误');
      const input = body<RefundInput>(request);
      if (!input || typeof input !== 'object') return payError(reply, 400, 'PARAM_ERROR', '参数错误');
      const problem = refundProblem(input);
      if (problem) return payError(reply, 400, 'PARAM_ERROR', problem);
      // Always there once the rules hold; this tells the compiler so.
      if (!input.out_trade_no || !input.out_refund_no || !input.amount?.refund)
        return payError(reply, 400, 'PARAM_ERROR', '参数错误');
      if (state.control.failRefunds > 0) {
        state.control.failRefunds -= 1;
        return payError(reply, 500, 'SYSTEM_ERROR', '系统错误，请稍后重试');
      }
      const existing = state.refunds.get(input.out_refund_no);
      if (existing)
        return signed(reply, 200, {
          refund_id: existing.refund_id,
          out_refund_no: existing.out_refund_no,
          out_trade_no: existing.out_trade_no,
          status: existing.status,
          amount: { refund: existing.amount, total: input.amount?.total, currency: 'CNY' },
        });
      const transaction = state.transactions.get(input.out_trade_no);
      if (!transaction) return payError(reply, 404, 'RESOURCE_NOT_EXISTS', '订单不存在');
      if (transaction.trade_state !== 'SUCCESS' && transaction.trade_state !== 'REFUND')
        return payError(reply, 403, 'NOT_ENOUGH', '订单未支付');
      if (input.amount?.total !== transaction.total)
        return payError(reply, 400, 'PARAM_ERROR', '订单金额不一致');
      if (transaction.refunded + input.amount.refund > transaction.total)
        return payError(reply, 403, 'NOT_ENOUGH', '退款金额超过订单可退金额');
      transaction.refunded += input.amount.refund;
      transaction.trade_state = 'REFUND';
      const refund: EmulatorRefund = {
        out_refund_no: input.out_refund_no,
        refund_id: `50${crypto.randomInt(1e9, 1e10 - 1)}${crypto.randomInt(1e9, 1e10 - 1)}`,
        out_trade_no: input.out_trade_no,
        amount: input.amount.refund,
        reason: input.reason,
        status: 'PROCESSING',
        notify_url: input.notify_url ?? '',
      };
      state.refunds.set(refund.out_refund_no, refund);
      // WeChat finishes the refund a moment later and notifies.
      setTimeout(() => void finishRefund(refund), 10);
      return signed(reply, 200, {
        refund_id: refund.refund_id,
        out_refund_no: refund.out_refund_no,
        out_trade_no: refund.out_trade_no,
        status: refund.status,
        amount: { refund: refund.amount, total: transaction.total, currency: 'CNY' },
      });
    });

    // ---- merchant transfers (商家转账, user-confirmation mode) ----
    const bills = `${pay}/v3/fund-app/mch-transfer/transfer-bills`;
    const transfers = state.transfers;
    /** True when this call is one of the transient failures the tests asked for. */
    const transientFailure = () => {
      transfers.calls += 1;
      if (transfers.failNext > 0) {
        transfers.failNext -= 1;
        return true;
      }
      const rate = transfers.errorRate;
      return rate > 0 && Math.floor(transfers.calls * rate) !== Math.floor((transfers.calls - 1) * rate);
    };
    const systemError = (reply: FastifyReply) =>
      payError(reply, 500, 'SYSTEM_ERROR', '系统错误，请使用相同参数稍后重试');
    const billAnswer = (bill: EmulatorBill) => ({
      out_bill_no: bill.out_bill_no,
      transfer_bill_no: bill.transfer_bill_no,
      create_time: new Date(bill.created_at).toISOString(),
      state: bill.state,
      ...(bill.state === 'WAIT_USER_CONFIRM' ? { package_info: bill.package_info } : {}),
      ...(bill.fail_reason ? { fail_reason: bill.fail_reason } : {}),
    });

    scope.post(bills, async (request, reply) => {
      if (!authorised(request)) return payError(reply, 401, 'SIGN_ERROR', '签名错误');
      const input = body<TransferInput>(request);
      if (!input || typeof input !== 'object') return payError(reply, 400, 'PARAM_ERROR', '参数错误');
      const problem = transferProblem(input);
      if (problem) return payError(reply, 400, 'PARAM_ERROR', problem);
      // Always there once the rules hold; this tells the compiler so.
      if (!input.out_bill_no || !input.openid || !input.transfer_amount || !input.appid)
        return payError(reply, 400, 'PARAM_ERROR', '参数错误');
      if (input.appid !== credentials.appId)
        return payError(reply, 400, 'APPID_MCHID_NOT_MATCH', 'appid和mch_id不匹配');
      const scene = sceneProblem(input);
      if (scene) return payError(reply, ...scene);
      const failing = transientFailure();
      // Every other failing creation makes the bill first: the answer is lost, the bill exists.
      const loseAnswer = failing && transfers.lostAnswers++ % 2 === 0;
      if (failing && !loseAnswer) return systemError(reply);
      const existing = transfers.bills.get(input.out_bill_no);
      if (existing && (existing.openid !== input.openid || existing.amount !== input.transfer_amount))
        return payError(reply, 400, 'INVALID_REQUEST', '商户单号重复，请核实');
      const bill: EmulatorBill = existing ?? {
        out_bill_no: input.out_bill_no,
        transfer_bill_no: `1330${crypto.randomInt(1e9, 1e10 - 1)}${crypto.randomInt(1e9, 1e10 - 1)}`,
        appid: input.appid,
        openid: input.openid,
        amount: input.transfer_amount,
        remark: input.transfer_remark ?? '',
        notify_url: input.notify_url ?? '',
        state: 'WAIT_USER_CONFIRM',
        package_info: crypto.randomBytes(24).toString('base64'),
        created_at: now(),
        updated_at: now(),
      };
      transfers.bills.set(bill.out_bill_no, bill);
      if (loseAnswer) return systemError(reply);
      expireBill(bill);
      return signed(reply, 200, billAnswer(bill));
    });

    scope.get<{ Params: { no: string } }>(`${bills}/out-bill-no/:no`, async (request, reply) => {
      if (!authorised(request)) return payError(reply, 401, 'SIGN_ERROR', '签名错误');
      if (transientFailure()) return systemError(reply);
      const bill = transfers.bills.get(request.params.no);
      if (!bill) return payError(reply, 404, 'NOT_FOUND', '记录不存在');
      expireBill(bill);
      return signed(reply, 200, {
        mch_id: credentials.mchId,
        appid: bill.appid,
        openid: bill.openid,
        transfer_amount: bill.amount,
        transfer_remark: bill.remark,
        update_time: new Date(bill.updated_at).toISOString(),
        ...billAnswer(bill),
      });
    });

    scope.post<{ Params: { no: string } }>(`${bills}/out-bill-no/:no/cancel`, async (request, reply) => {
      if (!authorised(request)) return payError(reply, 401, 'SIGN_ERROR', '签名错误');
      if (transientFailure()) return systemError(reply);
      const bill = transfers.bills.get(request.params.no);
      if (!bill) return payError(reply, 404, 'NOT_FOUND', '记录不存在');
      expireBill(bill);
      if (bill.state !== 'WAIT_USER_CONFIRM')
        return payError(reply, 400, 'INVALID_REQUEST', '当前单据状态不支持撤销');
      finishBill(bill, 'CANCELLED', 'MCH_CANCEL');
      return signed(reply, 200, {
        out_bill_no: bill.out_bill_no,
        transfer_bill_no: bill.transfer_bill_no,
        state: 'CANCELING',
        update_time: new Date(bill.updated_at).toISOString(),
      });
    });
  });

  /** Posts a notification the way WeChat Pay does (signed, resource encrypted); retried on failure. */
  async function notify(
    url: string,
    eventType: string,
    resourceType: string,
    resource: object,
    summary: string,
  ) {
    const body = JSON.stringify({
      id: crypto.randomUUID(),
      create_time: new Date(now()).toISOString(),
      resource_type: 'encrypt-resource',
      event_type: eventType,
      summary,
      resource: encryptResource(JSON.stringify(resource), credentials.payKey, resourceType, resourceType),
    });
    for (const delay of [0, 200, 1000]) {
      if (delay) await new Promise((resolve) => setTimeout(resolve, delay));
      try {
        const answer = await options.transport(url, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            ...platformHeaders(body, platformKey!, credentials.platformSerial, Math.floor(now() / 1000)),
          },
          body,
        });
        state.notifications.push({ url, status: answer.status, event_type: eventType });
        if (answer.status >= 200 && answer.status < 300) return true;
      } catch (error) {
        log(`emulator: notification to ${url} failed: ${(error as Error).message}`);
      }
    }
    return false;
  }

  async function finishRefund(refund: EmulatorRefund) {
    refund.status = 'SUCCESS';
    const transaction = state.transactions.get(refund.out_trade_no);
    if (!refund.notify_url || !transaction) return;
    await notify(
      refund.notify_url,
      'REFUND.SUCCESS',
      'refund',
      {
        mchid: credentials.mchId,
        out_trade_no: refund.out_trade_no,
        transaction_id: transaction.transaction_id,
        out_refund_no: refund.out_refund_no,
        refund_id: refund.refund_id,
        refund_status: 'SUCCESS',
        success_time: new Date(now()).toISOString(),
        amount: {
          total: transaction.total,
          refund: refund.amount,
          payer_total: transaction.total,
          payer_refund: refund.amount,
        },
        user_received_account: '支付用户零钱',
      },
      '退款成功',
    );
  }

  /** Moves a bill to its final state and tells the merchant (MCHTRANSFER.BILL.FINISHED, in the background). */
  function finishBill(bill: EmulatorBill, stateTo: 'SUCCESS' | 'FAIL' | 'CANCELLED', failReason?: string) {
    bill.state = stateTo;
    bill.fail_reason = failReason;
    bill.updated_at = now();
    if (!bill.notify_url) return;
    void notify(
      bill.notify_url,
      'MCHTRANSFER.BILL.FINISHED',
      'mch_payment',
      {
        out_bill_no: bill.out_bill_no,
        transfer_bill_no: bill.transfer_bill_no,
        state: bill.state,
        mch_id: credentials.mchId,
        transfer_amount: bill.amount,
        openid: bill.openid,
        ...(bill.fail_reason ? { fail_reason: bill.fail_reason } : {}),
        create_time: new Date(bill.created_at).toISOString(),
        update_time: new Date(bill.updated_at).toISOString(),
      },
      '商家转账单据终态通知',
    );
  }

  /** A bill left unconfirmed for 24 hours is cancelled by WeChat. */
  function expireBill(bill: EmulatorBill) {
    if (bill.state === 'WAIT_USER_CONFIRM' && now() - bill.created_at >= TRANSFER_CONFIRM_WINDOW_MS)
      finishBill(bill, 'CANCELLED');
  }

  /** The user confirmed receipt in WeChat: the bill is paid (or fails, as the tests asked). */
  function confirmBill(bill: EmulatorBill): 'ok' | 'fail' {
    expireBill(bill);
    if (bill.state !== 'WAIT_USER_CONFIRM') return bill.state === 'SUCCESS' ? 'ok' : 'fail';
    const reason = state.transfers.failOpenids.get(bill.openid);
    if (reason) {
      finishBill(bill, 'FAIL', reason);
      return 'fail';
    }
    finishBill(bill, 'SUCCESS');
    return 'ok';
  }

  /** The payer confirmed: pay (or decline) and notify the merchant. */
  async function payTransaction(outTradeNo: string): Promise<'ok' | 'fail'> {
    const transaction = state.transactions.get(outTradeNo);
    if (!transaction || transaction.trade_state === 'CLOSED') return 'fail';
    const declinedPayer = !!transaction.openid && state.declineOpenids.delete(transaction.openid);
    if (declinedPayer || state.control.declinePayments > 0) {
      if (!declinedPayer) state.control.declinePayments -= 1;
      transaction.trade_state = 'PAYERROR';
      return 'fail';
    }
    if (transaction.trade_state !== 'SUCCESS') {
      transaction.trade_state = 'SUCCESS';
      transaction.transaction_id = `4200${crypto.randomInt(1e9, 1e10 - 1)}${crypto.randomInt(1e9, 1e10 - 1)}`;
      transaction.success_time = new Date(now()).toISOString();
    }
    const resource = {
      mchid: transaction.mchid,
      appid: transaction.appid,
      out_trade_no: transaction.out_trade_no,
      transaction_id: transaction.transaction_id,
      trade_type: transaction.trade_type,
      trade_state: 'SUCCESS',
      trade_state_desc: '支付成功',
      bank_type: 'OTHERS',
      attach: transaction.attach ?? '',
      success_time: transaction.success_time,
      payer: { openid: transaction.openid ?? '' },
      amount: {
        total: transaction.total,
        payer_total: transaction.total,
        currency: 'CNY',
        payer_currency: 'CNY',
      },
    };
    if (state.control.dropNotifications > 0) {
      state.control.dropNotifications -= 1;
      return 'ok';
    }
    await notify(transaction.notify_url, 'TRANSACTION.SUCCESS', 'transaction', resource, '支付成功');
    if (state.control.duplicateNotifications)
      await notify(transaction.notify_url, 'TRANSACTION.SUCCESS', 'transaction', resource, '支付成功');
    return 'ok';
  }

  // The pay sheet (JSAPI) and the H5 page post here. JSAPI: the paySign is checked like WeChat's client does.
  app.post<{
    Body: { jsapi?: Record<string, string>; prepay_id?: string; order_sn?: string; package?: string };
  }>(`${pay}/confirm`, async (request) => {
    const body = request.body ?? {};
    let outTradeNo: string | undefined;
    if (body.jsapi) {
      const p = body.jsapi;
      const message = `${p.appId}\n${p.timeStamp}\n${p.nonceStr}\n${p.package}\n`;
      if (
        p.signType !== 'RSA' ||
        p.appId !== credentials.appId ||
        !rsaVerify(message, p.paySign ?? '', merchantPublicKey)
      )
        return { result: 'fail', err_msg: 'get_brand_wcpay_request:fail (paySign)' };
      outTradeNo = state.prepays.get(String(p.package).replace(/^prepay_id=/, ''));
    } else if (body.prepay_id) outTradeNo = state.prepays.get(body.prepay_id);
    else if (body.order_sn) outTradeNo = body.order_sn;
    if (!outTradeNo) return { result: 'fail', err_msg: 'prepay_id not found' };
    return { result: await payTransaction(outTradeNo) };
  });

  // The JS-SDK shim's requestMerchantTransfer sheet posts here ('Confirm receipt'); tests name the bill instead.
  app.post<{ Body: { package?: string; mchId?: string; appId?: string; out_bill_no?: string } }>(
    `${pay}/transfer/confirm`,
    async (request) => {
      const input = request.body ?? {};
      const bill = input.out_bill_no
        ? state.transfers.bills.get(input.out_bill_no)
        : [...state.transfers.bills.values()].find(
            (candidate) =>
              candidate.package_info === input.package &&
              input.mchId === credentials.mchId &&
              input.appId === candidate.appid,
          );
      if (!bill) return { result: 'fail', err_msg: 'requestMerchantTransfer:fail (package)' };
      return { result: confirmBill(bill) };
    },
  );

  app.get<{ Querystring: { prepay_id?: string; redirect_url?: string } }>(
    `${pay}/h5`,
    async (request, reply) => {
      const outTradeNo = state.prepays.get(request.query.prepay_id ?? '');
      const transaction = outTradeNo ? state.transactions.get(outTradeNo) : undefined;
      const html = (body: string) =>
        reply.type('text/html; charset=utf-8').send(`<!doctype html><html lang="zh-CN"><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>WeChat Pay</title>
<main style="font:16px system-ui,sans-serif;max-width:420px;margin:15vh auto;padding:0 24px;text-align:center">${body}</main></html>`);
      if (!transaction)
        return html(
          '<h1 style="font-size:20px">WeChat Pay sandbox</h1><p>商家参数格式有误，请联系商家解决</p>',
        );
      // The way back: this site, or (the emulator runs only outside production) the loopback address or the address
      // this page was opened on, whichever the app was opened from; never another site.
      const back =
        safeReturnUrl(request.query.redirect_url, {
          publicOrigin: options.publicOrigin,
          production: false,
          requestOrigin: requestOriginOf(request),
        }) ?? '';
      const amount = (transaction.total / 100).toFixed(2);
      return html(`<h1 style="font-size:20px">WeChat Pay sandbox</h1><p>${escapeHtml(transaction.description)}: ¥${amount}</p>
<p><button id="confirm" type="button">Confirm payment</button> <button id="cancel" type="button">Cancel</button></p>
<p id="result" role="status"></p>
<script>
const back = ${JSON.stringify(back).replace(/</g, '\\u003c')};
document.getElementById('confirm').onclick = async () => {
  const answer = await (await fetch(${JSON.stringify(`${pay}/confirm`)}, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ prepay_id: ${JSON.stringify(request.query.prepay_id)} }) })).json();
  if (answer.result !== 'ok') document.getElementById('result').textContent = 'Payment declined';
  if (back) setTimeout(() => location.href = back, answer.result === 'ok' ? 0 : 800);
};
document.getElementById('cancel').onclick = () => { if (back) location.href = back; };
</script>`);
    },
  );

  app.post<{ Body: EmulatorControl }>(`${EMULATOR_PREFIX}/control`, async (request) => {
    const body = request.body ?? {};
    if (body.expireTokens) for (const entry of state.tokens.values()) entry.expired = true;
    if (typeof body.declinePayments === 'number') state.control.declinePayments = body.declinePayments;
    if (typeof body.declineNextPaymentOf === 'string')
      state.declineOpenids.add(sandboxIdentity(credentials.appId, body.declineNextPaymentOf).openid);
    if (typeof body.duplicateNotifications === 'boolean')
      state.control.duplicateNotifications = body.duplicateNotifications;
    if (typeof body.failRefunds === 'number') state.control.failRefunds = body.failRefunds;
    if (typeof body.dropNotifications === 'number') state.control.dropNotifications = body.dropNotifications;
    if (typeof body.failTransferCalls === 'number') state.transfers.failNext = body.failTransferCalls;
    if (typeof body.transferErrorRate === 'number') state.transfers.errorRate = body.transferErrorRate;
    if (body.failTransfersOf) {
      const { subject, openid, reason } = body.failTransfersOf;
      const target = openid ?? (subject ? sandboxIdentity(credentials.appId, subject).openid : undefined);
      if (target) state.transfers.failOpenids.set(target, reason);
    }
    return { control: state.control };
  });

  // The JS-SDK shim, where /wechat/jweixin.js leads while the emulator stands in for WeChat (setup.ts).
  app.get(`${EMULATOR_PREFIX}/jweixin.js`, async (_request, reply) =>
    reply.type('application/javascript; charset=utf-8').header('Cache-Control', 'no-cache').send(SHIM),
  );
}

/** Tests: the viewer pays order `orderSn` in the emulator (its transaction must exist: the pay call made it). */
export async function emulatorPay(app: FastifyInstance, orderSn: string): Promise<'ok' | 'fail'> {
  const response = await app.inject({
    method: 'POST',
    url: `${EMULATOR_PREFIX}/pay/confirm`,
    payload: { order_sn: orderSn },
  });
  return (response.json() as { result: 'ok' | 'fail' }).result;
}

/** Tests: the user confirms receipt of transfer bill `outBillNo` in WeChat ('ok' paid, 'fail' failed or unknown). */
export async function emulatorConfirmTransfer(
  app: FastifyInstance,
  outBillNo: string,
): Promise<'ok' | 'fail'> {
  const response = await app.inject({
    method: 'POST',
    url: `${EMULATOR_PREFIX}/pay/transfer/confirm`,
    payload: { out_bill_no: outBillNo },
  });
  return (response.json() as { result: 'ok' | 'fail' }).result;
}

export async function emulatorControl(app: FastifyInstance, control: EmulatorControl) {
  await app.inject({ method: 'POST', url: `${EMULATOR_PREFIX}/control`, payload: control });
}
