import '../../lib/messages';
/**
 * The client payment flow shared by every paid thing (video access, rewards, red packets, paid votes, paid
 * registration). The caller passes the server call that creates its order; `payFor` sends `t_type` (h5 inside WeChat,
 * wap elsewhere), runs the JSAPI payment through the WeChat bridge or the H5 ('wap') payment page, then checks the order
 * (order_status 1 = paid). Anything but a paid order shows 'Tip: you have cancelled the payment' (no cancel button).
 *
 * The H5 page is a top-level navigation (WeChat Pay's H5 flow leaves the page and comes back to `redirect_url`), so
 * outside WeChat `payFor` resolves 'redirected' and the caller runs `resumePayment(key)` when its page loads again.
 */
import type { components } from '../../../schemas/api/types.gen';
import { api } from '../../lib/api';
import { ApiError } from '../../lib/api-client';
import { appConfig } from '../../engine/config';
import { i18n } from '../../lib/i18n';
import { loadJsSdk } from '../../lib/wechat/js-sdk';
import { isCompletePayment, requestPayment } from '../../lib/wechat/payment';
import { WechatError } from '../../lib/wechat/errors';
import { isWeChat } from '../../lib/wechat/user-agent';
import { showDialog } from '../../ui/dialog/dialog';
import { toast } from '../../ui/toast/toast';
import { hasPendingPayment, PAYMENT_RESUMED_EVENT, PENDING_KEY, type PaymentResumedDetail } from './pending';

/** What every order-creating endpoint answers with (schemas/api/wechat.json `PayOrder`). */

/**
 * The key of a payment started by a call replayed after login (features/account/login-check.ts): the page that
 * started the call checks it on return like its own key.
 */
export const loginPaymentKey = (path: string) => `login:${path}`;

export type PayOrder = components['schemas']['PayOrder'];
export type PayChannel = PayOrder['t_type'];

export type CreateOrderInput = {
  /** h5 inside WeChat (JSAPI parameters), wap elsewhere (an H5 payment page). */
  t_type: PayChannel;
  /** The same for every retry of one attempt, so a repeated request returns the same order. */
  idempotency_key: string;
};

export type PayRequest = {
  /** Creates the order on the server, e.g. `(input) => api.post('/v3/api/wechat/video/pay', { token, ...input })`. */
  createOrder(input: CreateOrderInput): Promise<PayOrder>;
  /** Names this purchase so `resumePayment(key)` can finish it after the H5 page returns (e.g. `video:<token>`). */
  key: string;
  /** Where the H5 payment page returns to; the current address by default. */
  returnUrl?: string;
};

/**
 * paid: the order is paid. cancelled: the viewer cancelled or the order is not paid (the notice was shown).
 * failed: the order could not be created or paid (a message was shown). redirected: the H5 page is opening.
 */
export type PayOutcome = 'paid' | 'cancelled' | 'failed' | 'redirected';

export type PayEnvironment = {
  ua?: string;
  navigate?(url: string): void;
  /** Waits between order-detail checks (the payment notification may reach the server just after the bridge). */
  checkDelaysMs?: number[];
};

const DEFAULT_CHECK_DELAYS_MS = [0, 1000, 2000];

type Pending = { key: string; order_sn: string };

function session(): Storage | undefined {
  try {
    return typeof sessionStorage === 'undefined' ? undefined : sessionStorage;
  } catch {
    return undefined;
  }
}

/** 16 random bytes as hex (crypto.randomUUID is missing on plain-http origins). */
function attemptKey(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function showCancelledNotice(): 'cancelled' {
  void showDialog({ message: i18n.t('messages.paymentCancelled'), showCancel: false });
  return 'cancelled';
}

/** A payment that came after its order stopped being available (order_status 2): refunded, with the reason. */
type OrderRefund = { status: string; amount: number; reason: string } | null | undefined;

/**
 * GET /v3/api/wechat/order/detail until order_status is 1, a few times; else the cancelled notice. An order paid
 * too late (status 2) is being refunded: the viewer is told why ('failed').
 */
export async function checkOrder(orderSn: string, delaysMs: number[] = DEFAULT_CHECK_DELAYS_MS) {
  for (const delay of delaysMs) {
    if (delay > 0) await sleep(delay);
    try {
      const detail = await api.get(
        '/v3/api/wechat/order/detail',
        { order_sn: orderSn },
        { login: true, noErrorToast: true },
      );
      if (detail.order_status === 1) return 'paid' as const;
      const refund = (detail as { refund?: OrderRefund }).refund;
      if (detail.order_status === 2 && refund) {
        void showDialog({ message: refund.reason, showCancel: false });
        return 'failed' as const;
      }
    } catch (error) {
      if (error instanceof ApiError && error.kind === 'login-expired') return 'failed' as const;
    }
  }
  return showCancelledNotice();
}

/** The H5 page's address with the way back (relative pages resolve against the API origin). */
export function h5PayUrl(mwebUrl: string, returnUrl: string): string {
  const base = appConfig.constants.apiOrigin || window.location.origin;
  const url = new URL(mwebUrl, base);
  url.searchParams.set('redirect_url', returnUrl);
  return url.toString();
}

export async function payFor(request: PayRequest, env: PayEnvironment = {}): Promise<PayOutcome> {
  const inWeChat = isWeChat(env.ua);
  let order: PayOrder;
  try {
    order = await request.createOrder({ t_type: inWeChat ? 'h5' : 'wap', idempotency_key: attemptKey() });
  } catch {
    // The API helper has already shown the server's message.
    return 'failed';
  }
  const delays = env.checkDelaysMs ?? DEFAULT_CHECK_DELAYS_MS;

  if (!inWeChat) {
    if (!order.mweb_url) {
      // Only JSAPI parameters came back: this payment works inside WeChat only.
      toast(i18n.t('messages.openInWeChat'));
      return 'failed';
    }
    session()?.setItem(PENDING_KEY, JSON.stringify({ key: request.key, order_sn: order.order_sn }));
    watchPendingPayment(request.key, delays);
    const navigate = env.navigate ?? ((url: string) => window.location.assign(url));
    navigate(h5PayUrl(order.mweb_url, request.returnUrl ?? window.location.href));
    return 'redirected';
  }

  if (!isCompletePayment(order.pay)) {
    toast(i18n.t('messages.paymentParamError'));
    return 'failed';
  }
  // WeChat injects the bridge itself; the local sandbox's JS-SDK shim stands in for it.
  if (typeof window !== 'undefined' && !window.WeixinJSBridge)
    void loadJsSdk(appConfig.constants.wechatJsSdkUrl).catch(() => {});
  let result;
  try {
    result = await requestPayment(order.pay, env.ua);
  } catch (error) {
    toast(error instanceof WechatError ? error.message : i18n.t('messages.paymentParamError'));
    return 'failed';
  }
  if (result !== 'ok') return showCancelledNotice();
  return checkOrder(order.order_sn, delays);
}

/**
 * While the H5 payment `key` is pending, checks it again when the page becomes visible (the viewer came back from
 * WeChat Pay with the back button or by switching apps, without a reload); the outcome goes out as the window event
 * PAYMENT_RESUMED_EVENT (`onPaymentResumed` in ./pending). Returns the unsubscribe.
 */
export function watchPendingPayment(key: string, delaysMs?: number[]): () => void {
  if (typeof document === 'undefined') return () => {};
  let running = false;
  const check = () => {
    if (document.visibilityState !== 'visible' || running || !hasPendingPayment(key)) return;
    running = true;
    void resumePayment(key, { checkDelaysMs: delaysMs })
      .then((outcome) => {
        if (outcome)
          window.dispatchEvent(
            new CustomEvent<PaymentResumedDetail>(PAYMENT_RESUMED_EVENT, { detail: { key, outcome } }),
          );
      })
      .finally(() => {
        running = false;
        if (!hasPendingPayment(key)) stop();
      });
  };
  const stop = () => {
    document.removeEventListener('visibilitychange', check);
    window.removeEventListener('pageshow', check);
  };
  document.addEventListener('visibilitychange', check);
  window.addEventListener('pageshow', check);
  return stop;
}

/**
 * After the H5 payment page returns: when a payment for `key` is pending, checks its order ('paid', or the cancelled
 * notice and 'cancelled'). Null when nothing was pending.
 */
export async function resumePayment(
  key: string,
  env: Pick<PayEnvironment, 'checkDelaysMs'> = {},
): Promise<PayOutcome | null> {
  const store = session();
  const raw = store?.getItem(PENDING_KEY);
  if (!raw) return null;
  let pending: Pending;
  try {
    pending = JSON.parse(raw) as Pending;
  } catch {
    store?.removeItem(PENDING_KEY);
    return null;
  }
  if (pending.key !== key || typeof pending.order_sn !== 'string') return null;
  store?.removeItem(PENDING_KEY);
  return checkOrder(pending.order_sn, env.checkDelaysMs);
}
