/**
 * A WeChat Pay merchant transfer waiting for its receiver (red-packet payouts): the in-app bridge's
 * `requestMerchantTransfer` opens WeChat's confirmation page, where the viewer confirms receipt into their WeChat
 * balance. Inside WeChat only ('please open in WeChat' elsewhere). 'ok' means the page was shown and closed after a
 * confirmation, not that the money arrived: the server's state of the transfer says that.
 */
import { WechatError } from './errors';
import { paymentResult, whenBridgeReady, type PaymentResult } from './payment';
import { isWeChat } from './user-agent';

export type MerchantTransferParams = { mchId: string; appId: string; package: string };

export async function requestMerchantTransfer(
  params: MerchantTransferParams,
  ua?: string,
): Promise<PaymentResult> {
  if (!params.mchId || !params.appId || !params.package) throw new WechatError('paymentParamError');
  if (!isWeChat(ua)) throw new WechatError('openInWeChat');
  const bridge = await whenBridgeReady();
  return new Promise((resolve) => {
    bridge.invoke('requestMerchantTransfer', params, (result) =>
      resolve(paymentResult(result.err_msg ?? result.errMsg)),
    );
  });
}
