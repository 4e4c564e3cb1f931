/**
 * Wires WeChat into the server: the one client (to WeChat's hosts, or to the local emulator when no credentials are
 * set outside production, or to the emulator at the configured base URLs with WECHAT_EMULATOR=1), the payment runtime every paid feature uses, the notification routes, the OAuth login
 * routes, the refund worker, and (development and test only) the emulator and its code route.
 */
import type { FastifyInstance } from 'fastify';
import { sandboxCodeRoute, wechatOauthRoutes } from '../accounts/wechat-login.ts';
import type { Sql } from '../db/sql.ts';
import { expirePackets } from '../red-packets/packets.ts';
import { refundExpiredPackets } from '../red-packets/pay.ts';
import { WECHAT_SCRIPT_ORIGINS } from '../security/headers.ts';
import { fetchTransport, WechatClient } from './client.ts';
import type { WechatCredentials } from './credentials.ts';
import { localTransport, newEmulatorState, wechatEmulator } from './emulator.ts';
import { notifyRoutes } from './notify.ts';
import type { OrderKinds, PaidRankings } from './orders.ts';
import type { WechatRuntime } from './pay.ts';
import { processDueRefunds, startRefund } from './refunds.ts';
import type { Realtime } from '../realtime.ts';
import type { Services } from '../services.ts';
import type { SharedState } from '../shared/state.ts';

/** The JS-SDK entry the app config names, and where it leads. */
export const JS_SDK_PATH = '/wechat/jweixin.js';
const EMULATOR_JS_SDK = '/emulator/wechat/jweixin.js';
const WECHAT_JS_SDK = 'https://res.wx.qq.com/open/js/jweixin-1.6.0.js';

/**
 * WeChat's JS-SDK script (WECHAT_JSSDK_URL, default WeChat's 1.6.0): only on WeChat's script hosts, which the
 * Content-Security-Policy allows; anything else is a configuration error named at start.
 */
export function wechatJsSdkUrl(env: NodeJS.ProcessEnv): string {
  const url = env.WECHAT_JSSDK_URL?.trim() || WECHAT_JS_SDK;
  const origin = URL.canParse(url) ? new URL(url).origin : '';
  if (!WECHAT_SCRIPT_ORIGINS.includes(origin))
    throw new Error(`WECHAT_JSSDK_URL must be on ${WECHAT_SCRIPT_ORIGINS.join(' or ')}: ${url}`);
  return url;
}

/** How often due refunds are retried and expired red packets paid back (WECHAT_REFUND_SWEEP_MS). */
const SWEEP_MS = Number(process.env.WECHAT_REFUND_SWEEP_MS) || 5000;

/** The WeChat runtime of a server (services.wechat): its client, credentials and payment rules. */
export function createWechat(
  app: FastifyInstance,
  options: {
    sql: Sql;
    shared: SharedState;
    realtime: Realtime;
    rankings: PaidRankings;
    credentials: WechatCredentials;
    mode: string;
    publicOrigin: string;
    now: () => number;
    orderKinds: OrderKinds;
  },
): WechatRuntime {
  const { sql, credentials, now, publicOrigin, orderKinds } = options;
  const log = (message: string) => app.log.warn(`wechat: ${message}`);
  // The emulator stands in without credentials, or beside configured ones with WECHAT_EMULATOR=1 (never in
  // production). Without credentials it is reached in-process; with them, over HTTP at the configured base URLs
  // like WeChat itself, so the configured keys sign and verify every call.
  const emulated = credentials.emulator && options.mode !== 'production';
  const transport =
    emulated && credentials.sandbox
      ? localTransport(app, publicOrigin.replace(/\/$/, ''), fetchTransport)
      : fetchTransport;
  // One access token and ticket for every node (shared state): WeChat invalidates a token soon after a new one.
  const client = new WechatClient(credentials, transport, now, log, options.shared);
  const runtime: WechatRuntime = {
    sql,
    client,
    credentials,
    emulator: emulated ? newEmulatorState() : null,
    transport,
    realtime: options.realtime,
    rankings: options.rankings,
    now,
    log,
    orderKinds,
    // The notification of a late payment is answered as soon as its refund is recorded: the call to WeChat runs in
    // the background (and the refund sweep retries it), never holding WeChat's notification past its time.
    onLate: async (late) => {
      try {
        await startRefund(runtime, { orderSn: late.orderSn, reason: late.reason['zh-CN'] });
      } catch (error) {
        log(`late payment ${late.orderSn}: refund not started: ${(error as Error).message}`);
      }
    },
  };
  return runtime;
}

/**
 * WeChat's routes outside the contract: payment and refund notifications, the OAuth login, the JS-SDK entry, the
 * refund sweep, and (development and test only) the emulator and its code route.
 */
export async function wechatRoutes(
  app: FastifyInstance,
  services: Pick<Services, 'sql' | 'now' | 'settings' | 'wechat' | 'sessions'>,
): Promise<void> {
  const { sql, now, wechat: runtime } = services;
  const { publicOrigin, mode } = services.settings;
  const { client, credentials, emulator, transport, log } = runtime;
  await app.register(notifyRoutes, { runtime, onLate: runtime.onLate });
  await app.register(wechatOauthRoutes, {
    sql,
    client,
    sessions: services.sessions,
    publicOrigin,
    production: mode === 'production',
    now,
    log,
  });
  if (emulator) {
    await app.register(sandboxCodeRoute, { sql, now });
    await wechatEmulator(app, { sql, credentials, publicOrigin, transport, now, log, state: emulator });
  }
  // The app loads the JS-SDK from here (constants.wechatJsSdkUrl): WeChat's own script in production, the
  // emulator's shim in development and tests, so one built app works in both.
  const jsSdk = emulator ? EMULATOR_JS_SDK : wechatJsSdkUrl(process.env);
  app.get(JS_SDK_PATH, async (_request, reply) =>
    reply.header('Cache-Control', 'public, max-age=3600').redirect(jsSdk, 302),
  );

  let sweeping = false;
  const sweep = setInterval(() => {
    if (sweeping) return;
    sweeping = true;
    // Red packets nobody looks at again still expire on time (a check or a grab also expires a due one at once),
    // then the unclaimed rests and other due refunds go to WeChat.
    expirePackets(sql, now())
      .then(() => refundExpiredPackets(runtime))
      .then(() => processDueRefunds(runtime))
      .catch((error: unknown) => log(`refund sweep: ${(error as Error).message}`))
      .finally(() => (sweeping = false));
  }, SWEEP_MS);
  sweep.unref();
  app.addHook('onClose', async () => clearInterval(sweep));
}
