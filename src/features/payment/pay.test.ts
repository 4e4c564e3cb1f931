// @vitest-environment jsdom
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../lib/i18n';
import { BROWSER_UA, WECHAT_UA, clearFakes, fakeBridge } from '../../../tests/fake-wx';
import { dialogStore } from '../../ui/dialog/dialog';
import { toastStore } from '../../ui/toast/toast';
import { payFor, resumePayment, type PayOrder } from './pay';
import { onPaymentResumed } from './pending';

const apiGet = vi.hoisted(() => vi.fn());
vi.mock('../../lib/api', () => ({ api: { get: apiGet } }));

const pay = {
  appId: 'wx123',
  timeStamp: '1700000000',
  nonceStr: 'abc',
  package: 'prepay_id=wx_prepay_1',
  signType: 'RSA',
  paySign: 'SIGN',
};
const jsapiOrder: PayOrder = { order_sn: 'SN1', t_type: 'h5', pay };
const wapOrder: PayOrder = {
  order_sn: 'SN2',
  t_type: 'wap',
  mweb_url: 'http://localhost:8080/emulator/wechat/pay/h5?prepay_id=wx2',
};
const noWait = { checkDelaysMs: [0] };

function orderStatus(...statuses: number[]) {
  for (const status of statuses) apiGet.mockResolvedValueOnce({ order_sn: 'SN', order_status: status });
}

const notices = () =>
  dialogStore.get().map((dialog) => ({ message: dialog.message, showCancel: dialog.showCancel }));

beforeAll(async () => {
  await initI18n('en');
});

beforeEach(() => {
  apiGet.mockReset();
  clearFakes();
  sessionStorage.clear();
  dialogStore.update(() => []);
  toastStore.update(() => null);
});

afterEach(() => clearFakes());

describe('payFor inside WeChat (JSAPI)', () => {
  it('asks for h5, pays through the bridge with all six parameters, checks the order and resolves paid', async () => {
    const invoke = fakeBridge('get_brand_wcpay_request:ok');
    const createOrder = vi.fn().mockResolvedValue(jsapiOrder);
    orderStatus(1);
    await expect(payFor({ key: 'video:paid', createOrder }, { ua: WECHAT_UA, ...noWait })).resolves.toBe(
      'paid',
    );
    expect(createOrder).toHaveBeenCalledWith({
      t_type: 'h5',
      idempotency_key: expect.stringMatching(/^[0-9a-f]{32}$/),
    });
    expect(invoke).toHaveBeenCalledWith('getBrandWCPayRequest', pay, expect.any(Function));
    expect(apiGet).toHaveBeenCalledWith(
      '/v3/api/wechat/order/detail',
      { order_sn: 'SN1' },
      expect.anything(),
    );
    expect(notices()).toEqual([]);
  });

  it('shows the cancelled notice without a cancel button when the viewer cancels', async () => {
    fakeBridge('get_brand_wcpay_request:cancel');
    const outcome = await payFor(
      { key: 'k', createOrder: async () => jsapiOrder },
      { ua: WECHAT_UA, ...noWait },
    );
    expect(outcome).toBe('cancelled');
    expect(notices()).toEqual([{ message: 'Tip: you have cancelled the payment', showCancel: false }]);
    expect(apiGet).not.toHaveBeenCalled();
  });

  it('treats a failed payment like a cancelled one', async () => {
    fakeBridge('get_brand_wcpay_request:fail');
    await expect(
      payFor({ key: 'k', createOrder: async () => jsapiOrder }, { ua: WECHAT_UA, ...noWait }),
    ).resolves.toBe('cancelled');
    expect(notices()).toHaveLength(1);
  });

  it('shows the cancelled notice when the bridge says ok but the order is not paid', async () => {
    fakeBridge('get_brand_wcpay_request:ok');
    orderStatus(0, 0);
    await expect(
      payFor({ key: 'k', createOrder: async () => jsapiOrder }, { ua: WECHAT_UA, checkDelaysMs: [0, 1] }),
    ).resolves.toBe('cancelled');
    expect(apiGet).toHaveBeenCalledTimes(2);
    expect(notices()[0]?.message).toBe('Tip: you have cancelled the payment');
  });

  it('checks the order again when the notification arrives a moment after the bridge', async () => {
    fakeBridge('get_brand_wcpay_request:ok');
    orderStatus(0, 1);
    await expect(
      payFor({ key: 'k', createOrder: async () => jsapiOrder }, { ua: WECHAT_UA, checkDelaysMs: [0, 1] }),
    ).resolves.toBe('paid');
  });

  it('refuses incomplete payment parameters with "payment parameter error" and never opens the bridge', async () => {
    const invoke = fakeBridge('get_brand_wcpay_request:ok');
    for (const order of [
      { ...jsapiOrder, pay: { ...pay, paySign: '' } },
      { ...jsapiOrder, pay: { ...pay, nonceStr: '  ' } },
      { order_sn: 'SN1', t_type: 'h5' as const },
    ]) {
      toastStore.update(() => null);
      await expect(payFor({ key: 'k', createOrder: async () => order }, { ua: WECHAT_UA })).resolves.toBe(
        'failed',
      );
      expect(toastStore.get()?.message).toBe('payment parameter error');
    }
    expect(invoke).not.toHaveBeenCalled();
  });

  it('resolves failed when the order cannot be created (the API helper showed why)', async () => {
    const invoke = fakeBridge('get_brand_wcpay_request:ok');
    await expect(
      payFor({ key: 'k', createOrder: () => Promise.reject(new Error('free event')) }, { ua: WECHAT_UA }),
    ).resolves.toBe('failed');
    expect(invoke).not.toHaveBeenCalled();
    expect(notices()).toEqual([]);
  });
});

describe('payFor outside WeChat (H5)', () => {
  it('asks for wap, remembers the order and opens the H5 page with the way back', async () => {
    const createOrder = vi.fn().mockResolvedValue(wapOrder);
    const navigate = vi.fn();
    const outcome = await payFor(
      { key: 'video:paid', createOrder, returnUrl: 'http://localhost/livev3/#/pages/home/index?token=paid' },
      { ua: BROWSER_UA, navigate },
    );
    expect(outcome).toBe('redirected');
    expect(createOrder.mock.calls[0]?.[0]).toMatchObject({ t_type: 'wap' });
    const url = new URL(navigate.mock.calls[0]?.[0] as string);
    // WeChat Pay's h5_url as it came, with the way back appended.
    expect(url.pathname).toBe('/emulator/wechat/pay/h5');
    expect(url.searchParams.get('prepay_id')).toBe('wx2');
    expect(url.searchParams.get('redirect_url')).toBe(
      'http://localhost/livev3/#/pages/home/index?token=paid',
    );
  });

  it('says "please open in WeChat" when only JSAPI parameters come back', async () => {
    const navigate = vi.fn();
    await expect(
      payFor({ key: 'k', createOrder: async () => jsapiOrder }, { ua: BROWSER_UA, navigate }),
    ).resolves.toBe('failed');
    expect(toastStore.get()?.message).toBe('please open in WeChat');
    expect(navigate).not.toHaveBeenCalled();
  });

  it('resumePayment checks the pending order when the page returns: paid', async () => {
    await payFor(
      { key: 'video:paid', createOrder: async () => wapOrder },
      { ua: BROWSER_UA, navigate: () => {} },
    );
    orderStatus(1);
    await expect(resumePayment('other-key', noWait)).resolves.toBeNull();
    await expect(resumePayment('video:paid', noWait)).resolves.toBe('paid');
    expect(apiGet).toHaveBeenCalledWith(
      '/v3/api/wechat/order/detail',
      { order_sn: 'SN2' },
      expect.anything(),
    );
    // Finished: a second return does nothing.
    await expect(resumePayment('video:paid', noWait)).resolves.toBeNull();
  });

  it('resumePayment shows the cancelled notice when the viewer came back without paying', async () => {
    await payFor(
      { key: 'video:paid', createOrder: async () => wapOrder },
      { ua: BROWSER_UA, navigate: () => {} },
    );
    orderStatus(0);
    await expect(resumePayment('video:paid', noWait)).resolves.toBe('cancelled');
    expect(notices()).toEqual([{ message: 'Tip: you have cancelled the payment', showCancel: false }]);
  });

  it('resumePayment ignores nothing pending and a corrupt entry', async () => {
    await expect(resumePayment('video:paid')).resolves.toBeNull();
    sessionStorage.setItem('livev3:pay:pending', '{not json');
    await expect(resumePayment('video:paid')).resolves.toBeNull();
    expect(apiGet).not.toHaveBeenCalled();
  });
});

describe('declined, cancelled, timed out, refunded', () => {
  it('a declined payment (fail) and a cancelled one each show the spec notice and resolve cancelled', async () => {
    for (const answer of ['get_brand_wcpay_request:fail', 'get_brand_wcpay_request:cancel']) {
      dialogStore.update(() => []);
      fakeBridge(answer);
      await expect(
        payFor({ key: 'k', createOrder: async () => jsapiOrder }, { ua: WECHAT_UA, ...noWait }),
      ).resolves.toBe('cancelled');
      expect(notices()).toEqual([{ message: 'Tip: you have cancelled the payment', showCancel: false }]);
      expect(apiGet).not.toHaveBeenCalled();
    }
  });

  it('an order still unpaid after the checks (time-out) shows the spec notice', async () => {
    fakeBridge('get_brand_wcpay_request:ok');
    orderStatus(0, 0);
    await expect(
      payFor({ key: 'k', createOrder: async () => jsapiOrder }, { ua: WECHAT_UA, checkDelaysMs: [0, 1] }),
    ).resolves.toBe('cancelled');
    expect(notices()).toEqual([{ message: 'Tip: you have cancelled the payment', showCancel: false }]);
  });

  it('a payment that came too late is refunded: the viewer reads why', async () => {
    fakeBridge('get_brand_wcpay_request:ok');
    apiGet.mockResolvedValueOnce({
      order_sn: 'SN1',
      order_status: 2,
      refund: {
        status: 'processing',
        amount: 100,
        reason: 'This payment came too late: it is being refunded',
      },
    });
    await expect(
      payFor({ key: 'k', createOrder: async () => jsapiOrder }, { ua: WECHAT_UA, ...noWait }),
    ).resolves.toBe('failed');
    expect(notices()).toEqual([
      { message: 'This payment came too late: it is being refunded', showCancel: false },
    ]);
  });

  it('a pending H5 order is checked again when the page becomes visible, and its outcome announced', async () => {
    await payFor(
      { key: 'video:paid', createOrder: async () => wapOrder },
      { ua: BROWSER_UA, navigate: () => {} },
    );
    const outcomes: string[] = [];
    const stop = onPaymentResumed('video:paid', (outcome) => outcomes.push(outcome));
    orderStatus(1);
    document.dispatchEvent(new Event('visibilitychange'));
    await vi.waitFor(() => expect(outcomes).toEqual(['paid']));
    // Nothing pending any more: becoming visible again asks nothing.
    document.dispatchEvent(new Event('visibilitychange'));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(apiGet).toHaveBeenCalledTimes(1);
    stop();
  });
});
