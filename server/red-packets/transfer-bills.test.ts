/**
 * The merchant transfer's pieces one by one: the client's signed request (what WeChat Pay verifies), the emulator's
 * field and scene rules in WeChat's wording, the notification resource as the server reads it after decryption, and
 * how WeChat's states and errors map to ours.
 */
import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { charPrefix, WechatApiError, WechatClient, type Transport } from '../wechat/client';
import { wechatCredentials } from '../wechat/credentials';
import { transferProblem } from '../wechat/emulator';
import {
  decryptResource,
  encryptResource,
  platformHeaders,
  verifyAuthorization,
  verifyPlatformSignature,
} from '../wechat/pay-sign';
import { transferBillOf } from './transfer-notify';
import { isTransient, stateOf, transferBillNo } from './transfers';

const credentials = wechatCredentials({}, 'test', 'http://localhost:8080');
const merchantPublicKey = crypto
  .createPublicKey(credentials.privateKey)
  .export({ type: 'spki', format: 'pem' }) as string;

describe('the transfer bill request', () => {
  it('is signed with the merchant key over method, path, timestamp, nonce and body, and carries the scene', async () => {
    let seen: { url: string; init: Parameters<Transport>[1] } | undefined;
    const transport: Transport = async (url, init) => {
      seen = { url, init };
      const body = JSON.stringify({ out_bill_no: 'RP1S0', state: 'WAIT_USER_CONFIRM', package_info: 'p' });
      return {
        status: 200,
        headers: platformHeaders(
          body,
          credentials.emulatorPlatformPrivateKey!,
          credentials.platformSerial,
          1,
        ),
        body: Buffer.from(body),
      };
    };
    const client = new WechatClient(credentials, transport, () => 1_700_000_000_000);
    const remark = '一'.repeat(40);
    const bill = await client.createTransferBill({
      outBillNo: transferBillNo(1, 0),
      openid: 'o-user',
      amountCents: 120,
      remark,
      reportInfos: [
        { info_type: '活动名称', info_content: '直'.repeat(40) },
        { info_type: '奖励说明', info_content: '红包' },
      ],
    });
    expect(bill).toMatchObject({ out_bill_no: 'RP1S0', state: 'WAIT_USER_CONFIRM', package_info: 'p' });
    const path = '/v3/fund-app/mch-transfer/transfer-bills';
    expect(seen?.url).toBe(`${credentials.payBase}${path}`);
    const fields = verifyAuthorization(
      seen?.init.headers?.authorization,
      { method: 'POST', url: path, body: seen?.init.body ?? '' },
      merchantPublicKey,
    );
    expect(fields).toMatchObject({
      mchid: credentials.mchId,
      serial_no: credentials.serialNo,
      timestamp: '1700000000',
    });
    const sent = JSON.parse(seen?.init.body ?? '{}');
    expect(sent).toMatchObject({
      appid: credentials.appId,
      out_bill_no: 'RP1S0',
      transfer_scene_id: '1000',
      openid: 'o-user',
      transfer_amount: 120,
      notify_url: 'http://localhost:8080/v3/api/wechat/transfer/notify',
      user_recv_perception: '现金奖励',
    });
    // Cut to WeChat's limits in characters (a Chinese character is one), never past them.
    expect(Array.from(sent.transfer_remark as string)).toHaveLength(32);
    expect(Array.from(sent.transfer_scene_report_infos[0].info_content as string)).toHaveLength(32);
    expect(transferProblem(sent)).toBeNull();
  });

  it('refuses an answer whose platform signature does not verify', async () => {
    const transport: Transport = async () => ({
      status: 200,
      headers: { 'wechatpay-signature': 'AAAA', 'wechatpay-timestamp': '1', 'wechatpay-nonce': 'n' },
      body: Buffer.from('{"out_bill_no":"RP1S0","state":"SUCCESS"}'),
    });
    const client = new WechatClient(credentials, transport, () => 0);
    await expect(client.queryTransferBill('RP1S0')).rejects.toMatchObject({ errcode: 'SIGN_ERROR' });
  });
});

describe("the emulator's transfer rules (WeChat's wording)", () => {
  const valid = {
    appid: 'wx1',
    out_bill_no: 'RP12S3',
    transfer_scene_id: '1000',
    openid: 'o-1',
    transfer_amount: 10,
    transfer_remark: '红包',
    transfer_scene_report_infos: [
      { info_type: '活动名称', info_content: '直播' },
      { info_type: '奖励说明', info_content: '红包' },
    ],
  };
  it('names the field and the rule', () => {
    expect(transferProblem(valid)).toBeNull();
    expect(transferProblem({ ...valid, out_bill_no: 'RP_1' })).toBe(
      '输入源“/body/out_bill_no”映射到值字段“商户单号”字符串规则校验失败，只能是数字、大小写字母',
    );
    expect(transferProblem({ ...valid, transfer_remark: '红'.repeat(33) })).toBe(
      '输入源“/body/transfer_remark”映射到值字段“转账备注”字符串规则校验失败，字符数 33，大于最大值 32',
    );
    expect(
      transferProblem({
        ...valid,
        transfer_scene_report_infos: [{ info_type: '活'.repeat(16), info_content: 'x' }],
      }),
    ).toContain('/body/transfer_scene_report_infos/0/info_type');
    expect(transferProblem({ ...valid, transfer_amount: 1.5 })).toContain('类型校验失败，应为整数');
    expect(transferProblem({ ...valid, openid: undefined })).toContain('必填性规则校验失败');
  });
});

describe('the transfer notification', () => {
  it('decrypts to the bill it reports, read field by field', () => {
    const resource = encryptResource(
      JSON.stringify({
        out_bill_no: 'RP3S1',
        transfer_bill_no: '1330',
        state: 'FAIL',
        fail_reason: 'ACCOUNT_FROZEN',
      }),
      credentials.payKey,
      'mch_payment',
      'mch_payment',
    );
    const body = JSON.stringify({ event_type: 'MCHTRANSFER.BILL.FINISHED', resource });
    const headers = platformHeaders(
      body,
      credentials.emulatorPlatformPrivateKey!,
      credentials.platformSerial,
      5,
    );
    expect(verifyPlatformSignature(headers, body, credentials.platformPublicKey)).toBe(true);
    expect(
      verifyPlatformSignature(headers, body.replace('FINISHED', 'FINISHEd'), credentials.platformPublicKey),
    ).toBe(false);
    const plain = JSON.parse(decryptResource(resource, credentials.payKey));
    expect(transferBillOf(plain)).toEqual({
      out_bill_no: 'RP3S1',
      transfer_bill_no: '1330',
      state: 'FAIL',
      fail_reason: 'ACCOUNT_FROZEN',
    });
    expect(transferBillOf({ out_bill_no: 3, state: 'SUCCESS' })).toBeNull();
    expect(transferBillOf({ out_bill_no: 'RP3S1', state: 'SUCCESS', fail_reason: 7 })).toEqual({
      out_bill_no: 'RP3S1',
      state: 'SUCCESS',
    });
  });
});

describe("WeChat's states and errors", () => {
  it('map to the transfer states', () => {
    expect(['ACCEPTED', 'PROCESSING', 'TRANSFERING', 'CANCELING'].map(stateOf)).toEqual(
      Array(4).fill('processing'),
    );
    expect(stateOf('WAIT_USER_CONFIRM')).toBe('wait_user_confirm');
    expect(stateOf('SUCCESS')).toBe('success');
    expect([stateOf('FAIL'), stateOf('CANCELLED')]).toEqual(['failed', 'failed']);
  });

  it('retry what decided nothing, never what WeChat refused', () => {
    expect(isTransient(new WechatApiError('SYSTEM_ERROR', 'x', 500))).toBe(true);
    expect(isTransient(new WechatApiError('FREQUENCY_LIMITED', 'x', 429))).toBe(true);
    expect(isTransient(new WechatApiError('NOT_ENOUGH', '资金不足', 403))).toBe(true);
    expect(isTransient(new Error('fetch failed'))).toBe(true);
    expect(isTransient(new WechatApiError('PARAM_ERROR', 'x', 400))).toBe(false);
    expect(isTransient(new WechatApiError('INVALID_REQUEST', '超过单笔转账上下限', 400))).toBe(false);
  });

  it('number bills with digits and letters only, at most 32', () => {
    expect(transferBillNo(123456789, 99)).toMatch(/^[0-9A-Za-z]{1,32}$/);
    expect(charPrefix('ab一二', 3)).toBe('ab一');
  });
});
