/**
 * The WeChat sandbox (development and test only): the login entry the app redirects to, an authorise page standing
 * in for WeChat's OAuth screen, and a JS-SDK shim, so the WeChat flows run on a machine with no WeChat.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { createSession } from '../auth/sessions.ts';
import type { Db } from '../db/database.ts';
import { ApiFailure, ok, XCODE } from '../envelope.ts';
import type { WechatCredentials } from './credentials.ts';
import { handlePaymentNotification, toXml, type Order } from './orders.ts';
import { nonce, paySign } from './sign.ts';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Only same-origin callbacks: the login must never hand a token to another site. */
export function safeCallback(
  callback: string | undefined,
  request: FastifyRequest,
  publicOrigin?: string,
): string {
  if (!callback) throw new ApiFailure(XCODE.badRequest, 'callback is required');
  let url: URL;
  try {
    url = new URL(callback);
  } catch {
    throw new ApiFailure(XCODE.badRequest, 'callback must be an absolute URL');
  }
  const allowed = new Set([publicOrigin, `${request.protocol}://${request.headers.host}`].filter(Boolean));
  if (!allowed.has(url.origin)) throw new ApiFailure(XCODE.badRequest, 'callback must be on this site');
  return url.toString();
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
  // The payment sheet: real buttons; confirm asks the server to deliver the payment notification, as WeChat would.
  window.WeixinJSBridge = {
    invoke(name, params, callback) {
      if (name !== 'getBrandWCPayRequest') return callback({ err_msg: name + ':fail' });
      const sheet = document.createElement('div');
      sheet.setAttribute('role', 'dialog');
      sheet.setAttribute('aria-label', 'WeChat Pay sandbox');
      sheet.style.cssText = 'position:fixed;inset:auto 0 0 0;z-index:99999;padding:24px;background:#fff;color:#111;font:16px system-ui,sans-serif;box-shadow:0 -4px 24px rgba(0,0,0,.3);text-align:center';
      sheet.innerHTML = '<p>WeChat Pay sandbox</p><button type="button" data-pay="confirm">Confirm payment</button> <button type="button" data-pay="cancel">Cancel</button>';
      const close = (result) => { sheet.remove(); callback({ err_msg: 'get_brand_wcpay_request:' + result }); };
      sheet.querySelector('[data-pay="cancel"]').onclick = () => close('cancel');
      sheet.querySelector('[data-pay="confirm"]').onclick = async () => {
        const response = await fetch('/sandbox/wechat/pay/confirm', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ package: params && params.package }) });
        close(response.ok ? 'ok' : 'fail');
      };
      document.body.appendChild(sheet);
    },
  };
  document.dispatchEvent(new Event('WeixinJSBridgeReady'));
})();
`;

/** The notification WeChat Pay would send for a paid order, signed with the merchant key. */
export function sandboxNotification(order: Order, credentials: WechatCredentials): string {
  const fields: Record<string, string | number> = {
    appid: credentials.appId,
    mch_id: credentials.mchId,
    nonce_str: nonce(),
    result_code: 'SUCCESS',
    return_code: 'SUCCESS',
    out_trade_no: order.order_sn,
    total_fee: order.amount_cents,
    transaction_id: `sandbox${order.order_sn}`,
    trade_type: 'JSAPI',
  };
  return toXml({ ...fields, sign: paySign(fields, credentials.payKey) });
}

export async function sandboxRoutes(
  app: FastifyInstance,
  options: { db: Db; credentials: WechatCredentials; publicOrigin?: string },
) {
  const { db } = options;

  // The viewer confirms in the sandbox: the server receives the notification through the same code path as a real one.
  app.post<{ Body: { order_sn?: string; package?: string } }>(
    '/sandbox/wechat/pay/confirm',
    async (request) => {
      const orderSn =
        request.body?.order_sn ?? String(request.body?.package ?? '').replace(/^prepay_id=wx_prepay_/, '');
      const order = db.prepare('SELECT * FROM orders WHERE order_sn = ?').get(orderSn) as Order | undefined;
      if (!order) throw new ApiFailure(XCODE.notFound, 'No such order');
      const result = handlePaymentNotification(
        db,
        sandboxNotification(order, options.credentials),
        options.credentials.payKey,
        Date.now(),
      );
      return ok({ order_sn: order.order_sn, result });
    },
  );

  // The H5 ('wap') payment page used outside WeChat.
  app.get<{ Querystring: { order_sn?: string; redirect_url?: string } }>(
    '/sandbox/wechat/h5pay',
    async (request, reply) => {
      const order = db
        .prepare('SELECT * FROM orders WHERE order_sn = ?')
        .get(request.query.order_sn ?? '') as Order | undefined;
      if (!order) throw new ApiFailure(XCODE.notFound, 'No such order');
      const back = request.query.redirect_url
        ? safeCallback(request.query.redirect_url, request, options.publicOrigin)
        : '';
      const amount = (order.amount_cents / 100).toFixed(2);
      return reply.type('text/html; charset=utf-8')
        .send(`<!doctype html><html lang="zh-CN"><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>Sandbox payment</title>
<main style="font:16px system-ui,sans-serif;max-width:420px;margin:15vh auto;padding:0 24px;text-align:center">
<h1 style="font-size:20px">WeChat Pay sandbox</h1><p>Order ${escapeHtml(order.order_sn)}: ¥${amount}</p>
<p><button id="confirm" type="button">Confirm payment</button> <button id="cancel" type="button">Cancel</button></p></main>
<script>
const back = ${JSON.stringify(back)};
document.getElementById('confirm').onclick = async () => {
  await fetch('/sandbox/wechat/pay/confirm', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ order_sn: ${JSON.stringify(order.order_sn)} }) });
  if (back) location.href = back;
};
document.getElementById('cancel').onclick = () => { if (back) location.href = back; };
</script></html>`);
    },
  );

  // The app's WeChat login entry (config constants.wechatLoginPath): ?callback=<app url>&token=<video token>&auth_token=none
  app.get<{ Querystring: { callback?: string } }>('/v3/api/user/login/wx', async (request, reply) => {
    const callback = safeCallback(request.query.callback, request, options.publicOrigin);
    return reply.redirect(`/sandbox/wechat/authorize?callback=${encodeURIComponent(callback)}`);
  });

  app.get<{ Querystring: { callback?: string } }>('/sandbox/wechat/authorize', async (request, reply) => {
    const callback = safeCallback(request.query.callback, request, options.publicOrigin);
    const approve = `/sandbox/wechat/callback?code=demo-viewer&callback=${encodeURIComponent(callback)}`;
    return reply.type('text/html; charset=utf-8')
      .send(`<!doctype html><html lang="zh-CN"><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>WeChat sandbox login</title>
<main style="font:16px system-ui,sans-serif;max-width:420px;margin:15vh auto;padding:0 24px;text-align:center">
<h1 style="font-size:20px">WeChat sandbox</h1><p>livev3 asks to use your WeChat profile.</p>
<p><a id="authorise" href="${escapeHtml(approve)}" style="display:inline-block;padding:12px 24px;background:#07c160;color:#fff;border-radius:8px;text-decoration:none">Authorise as demo viewer</a></p>
<p><a href="${escapeHtml(callback)}">Cancel</a></p></main></html>`);
  });

  app.get<{ Querystring: { code?: string; callback?: string } }>(
    '/sandbox/wechat/callback',
    async (request, reply) => {
      const callback = safeCallback(request.query.callback, request, options.publicOrigin);
      const code = request.query.code ?? '';
      if (!/^[\w-]{1,64}$/.test(code)) throw new ApiFailure(XCODE.badRequest, 'invalid code');
      const openid = `sandbox:${code}`;
      db.prepare(
        `INSERT INTO users (openid, nickname, created_at) VALUES (?, ?, ?) ON CONFLICT(openid) DO NOTHING`,
      ).run(openid, `WeChat ${code}`, Date.now());
      const user = db
        .prepare<[string], { id: number }>('SELECT id FROM users WHERE openid = ?')
        .get(openid) as { id: number };
      return reply.redirect(withAuthToken(callback, createSession(db, user.id)));
    },
  );

  app.get('/sandbox/wechat/jweixin.js', async (_request, reply) =>
    reply.type('application/javascript; charset=utf-8').header('Cache-Control', 'no-cache').send(SHIM),
  );
}
