/**
 * The WeChat sandbox (development and test only): the login entry the app redirects to, an authorise page standing
 * in for WeChat's OAuth screen, and a JS-SDK shim, so the WeChat flows run on a machine with no WeChat.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { createSession } from '../auth/sessions.ts';
import type { Db } from '../db/database.ts';
import { ApiFailure, XCODE } from '../envelope.ts';

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
    chooseWXPay(options) { options && options.fail && options.fail({ errMsg: 'chooseWXPay:sandbox has no payments yet' }); },
  };
})();
`;

export async function sandboxRoutes(app: FastifyInstance, options: { db: Db; publicOrigin?: string }) {
  const { db } = options;

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
