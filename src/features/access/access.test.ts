// @vitest-environment jsdom
import { beforeAll, describe, expect, it } from 'vitest';
import { i18n, initI18n } from '../../lib/i18n';
import { accessGate, videoPaymentKey } from '../video/access-gate';
import en from './locales/en.json';
import zhCN from './locales/zh-CN.json';

const keys = (tree: object, prefix = ''): string[] =>
  Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'object' && value !== null ? keys(value, `${prefix}${key}.`) : [`${prefix}${key}`],
  );

const info = {
  can_watch: false,
  needs_password: false,
  needs_info_form: false,
  needs_phone: false,
  price: 0,
};

describe('accessGate', () => {
  it('is null when the viewer may watch, whatever the flags', () => {
    expect(accessGate({ ...info, can_watch: true, needs_password: true, price: 100 })).toBeNull();
  });
  it('asks for the password first, then the information form, then payment', () => {
    expect(accessGate({ ...info, needs_password: true, needs_info_form: true, price: 100 })).toBe('password');
    expect(accessGate({ ...info, needs_info_form: true, price: 100 })).toBe('infoForm');
    expect(accessGate({ ...info, price: 100 })).toBe('pay');
    expect(accessGate(info)).toBeNull();
  });
  it('asks for a bound phone after the password and the information form, before payment', () => {
    const all = { ...info, needs_password: true, needs_info_form: true, needs_phone: true, price: 100 };
    expect(accessGate(all)).toBe('password');
    expect(accessGate({ ...all, needs_password: false })).toBe('infoForm');
    expect(accessGate({ ...all, needs_password: false, needs_info_form: false })).toBe('phone');
    expect(accessGate({ ...info, needs_phone: true })).toBe('phone');
    expect(accessGate({ ...info, needs_phone: true, can_watch: true })).toBeNull();
  });
  it('never asks a member to pay; the free gates still come first', () => {
    expect(accessGate({ ...info, price: 100, vip_free: true })).toBeNull();
    expect(accessGate({ ...info, price: 100, vip_free: false })).toBe('pay');
    expect(accessGate({ ...info, price: 100, vip_free: true, needs_password: true })).toBe('password');
    expect(accessGate({ ...info, price: 100, vip_free: true, needs_info_form: true })).toBe('infoForm');
    expect(accessGate({ ...info, price: 100, vip_free: true, needs_phone: true })).toBe('phone');
  });
  it('keys a video purchase by its event', () => {
    expect(videoPaymentKey('paid')).toBe('video:paid');
  });
});

describe('access texts', () => {
  it('zh-CN and en define the same keys', () => {
    expect(keys(en).sort()).toEqual(keys(zhCN).sort());
  });

  it('are added to the translator when the pop-ups load, in the current language', async () => {
    await initI18n('en');
    await import('./texts');
    expect(i18n.t('access.wrongPassword')).toBe('Incorrect password, please try again');
    expect(i18n.t('access.info.agreement')).toBe('I agree to be contacted by target clients');
    expect(i18n.getFixedT('zh-CN')('access.payButton', { price: '1.00' })).toBe('支付 ¥1.00');
  });
});

describe('information form messages', () => {
  beforeAll(async () => {
    await initI18n('en');
  });
  it('are the spec messages, name and phone first, then company, each on its field', async () => {
    const { infoFormError } = await import('./AccessPopup');
    const t = i18n.t;
    const form = { name: '', phone: '', company: '', position: '', remark: '', agreement: false };
    const nameAndPhone = 'Please fill in your name and mobile phone number~';
    expect(infoFormError(form, t)).toEqual({ field: 'name', message: nameAndPhone });
    expect(infoFormError({ ...form, name: 'Li', phone: ' ' }, t)).toEqual({
      field: 'phone',
      message: nameAndPhone,
    });
    expect(infoFormError({ ...form, name: 'Li', phone: '+86 139' }, t)).toEqual({
      field: 'company',
      message: 'Please fill in the company~',
    });
    expect(infoFormError({ ...form, name: 'Li', phone: '+86 139', company: 'Acme' }, t)).toBeNull();
  });
});
