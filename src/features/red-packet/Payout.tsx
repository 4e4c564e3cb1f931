/**
 * The grabber's share on its way to their WeChat balance (a WeChat Pay merchant transfer, server side): being sent,
 * waiting for their confirmation in WeChat (with the button that opens WeChat's confirmation page), received, or
 * failed and why. Outside WeChat it says plainly where the money goes and what to do. Nothing says received until
 * the server says the transfer succeeded; while it is under way the state is asked again every few seconds.
 */
import { useEffect, useState } from 'react';
import { appConfig } from '../../engine/config';
import { useTranslation } from '../../lib/i18n';
import { WechatError } from '../../lib/wechat/errors';
import { loadJsSdk } from '../../lib/wechat/js-sdk';
import { requestMerchantTransfer } from '../../lib/wechat/merchant-transfer';
import { isWeChat } from '../../lib/wechat/user-agent';
import { button } from '../../ui/button/button.css';
import { note } from '../../ui/card/card.css';
import { toast } from '../../ui/toast/toast';
import { checkRedPacket, type RedPacket } from './api';

type PayoutState = NonNullable<RedPacket['payout']>;

/** How often a transfer under way is asked about, and for how long at most while the details stay open. */
const POLL_MS = 3000;
const POLLS = 40;

export function Payout({ packetId, payout }: { packetId: number; payout: PayoutState }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [polls, setPolls] = useState(0);
  // After the viewer confirmed, the bill waits for WeChat's word: ask until it comes.
  const [confirmed, setConfirmed] = useState(false);
  const underWay =
    payout.state === 'pending' ||
    payout.state === 'processing' ||
    (confirmed && payout.state === 'wait_user_confirm');

  useEffect(() => {
    if (!underWay || polls >= POLLS) return;
    const timer = setTimeout(() => {
      checkRedPacket(packetId)
        .catch(() => undefined)
        .finally(() => setPolls((count) => count + 1));
    }, POLL_MS);
    return () => clearTimeout(timer);
  }, [underWay, polls, packetId]);

  const confirm = async () => {
    if (!payout.confirm) return;
    setBusy(true);
    try {
      // WeChat injects the bridge itself; the local sandbox's JS-SDK shim stands in for it.
      if (!window.WeixinJSBridge) void loadJsSdk(appConfig.constants.wechatJsSdkUrl).catch(() => {});
      const result = await requestMerchantTransfer({
        mchId: payout.confirm.mch_id,
        appId: payout.confirm.app_id,
        package: payout.confirm.package,
      });
      if (result === 'ok') setConfirmed(true);
      else toast(t('redPacket.confirmCancelled'));
      await checkRedPacket(packetId);
      // The confirmation page closed: the transfer is under way until WeChat says how it ended.
      setPolls(0);
    } catch (error) {
      toast(error instanceof WechatError ? error.message : t('redPacket.confirmCancelled'));
    } finally {
      setBusy(false);
    }
  };

  const inWeChat = isWeChat();
  const text =
    payout.state === 'success'
      ? t('redPacket.payoutReceived')
      : payout.state === 'failed'
        ? t('redPacket.payoutFailed', { reason: payout.fail_message ?? '' })
        : payout.state === 'wait_user_confirm'
          ? t(inWeChat ? 'redPacket.payoutConfirm' : 'redPacket.payoutConfirmOutside')
          : payout.needs_wechat_login
            ? t('redPacket.payoutNeedsLogin')
            : t(payout.state === 'processing' ? 'redPacket.payoutProcessing' : 'redPacket.payoutPending');
  return (
    <div role="status" data-testid="red-packet-payout" data-state={payout.state}>
      <p className={note}>{text}</p>
      {payout.state === 'wait_user_confirm' && payout.confirm && inWeChat && (
        <button type="button" className={button({ block: true })} onClick={confirm} disabled={busy}>
          {t('redPacket.confirmReceipt')}
        </button>
      )}
    </div>
  );
}
