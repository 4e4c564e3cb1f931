import './messages';
import { useState } from 'react';
import { formatPrice } from '../../lib/format';
import { useTranslation } from '../../lib/i18n';
import { useStore } from '../../lib/store';
import { BottomPopup } from '../../ui/bottom-popup/BottomPopup';
import { Payout } from './Payout';
import { note } from '../../ui/card/card.css';
import type { ChatMessage } from '../chat/types';
import { openRedPacket, redPacketStore, type RedPacket } from './api';
import * as styles from './RedPacketCard.css';

/** A red packet announced in the chat: tap to grab a share (once) and see who got what. */
export default function RedPacketCard({ message, senderName }: { message: ChatMessage; senderName: string }) {
  const { t } = useTranslation();
  const known = useStore(redPacketStore, (state) => state[message.packet_id]);
  const [shown, setShown] = useState<RedPacket | null>(null);
  const [busy, setBusy] = useState(false);
  const done = Boolean(known && (known.mine > 0 || known.status !== 'open'));

  const onOpen = async () => {
    setBusy(true);
    try {
      setShown(await openRedPacket(message.packet_id));
    } catch {
      // The API helper has shown the server's message (already grabbed, all grabbed, expired).
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <button type="button" className={styles.card} data-done={done} onClick={onOpen} disabled={busy}>
        <span className={styles.cardSeal} aria-hidden="true">
          {t('redPacket.seal')}
        </span>
        <span className={styles.cardText}>
          <span className={styles.cardTitle}>{message.content || t('redPacket.defaultGreeting')}</span>
          <span className={styles.cardMeta}>
            {t('redPacket.from', { name: senderName, count: message.gift_count })}
            {' · '}
            {known?.mine ? t('redPacket.gotShort', { amount: formatPrice(known.mine) }) : t('redPacket.grab')}
          </span>
        </span>
      </button>
      {shown && (
        <BottomPopup open onClose={() => setShown(null)} title={t('redPacket.details')}>
          <RedPacketDetails packet={known ?? shown} />
        </BottomPopup>
      )}
    </>
  );
}

function RedPacketDetails({ packet }: { packet: RedPacket }) {
  const { t } = useTranslation();
  const outcome =
    packet.mine > 0
      ? t('redPacket.youGot', { amount: formatPrice(packet.mine) })
      : packet.status === 'expired'
        ? t('redPacket.expired')
        : packet.status === 'finished'
          ? t('redPacket.allGrabbed')
          : t('redPacket.notYet');
  // Amounts come only to the sender and on the viewer's own line: the sum only when every line has one.
  const grabbedCents = packet.grabs.every((grab) => grab.amount !== undefined)
    ? packet.grabs.reduce((sum, grab) => sum + (grab.amount ?? 0), 0)
    : null;
  return (
    <div className={styles.result}>
      <p className={note}>
        {t('redPacket.fromSender', { name: packet.sender_nickname })}
        {' · '}
        {packet.greeting || t('redPacket.defaultGreeting')}
      </p>
      <p className={styles.total} data-testid="red-packet-outcome">
        {outcome}
      </p>
      {packet.payout && <Payout packetId={packet.id} payout={packet.payout} />}
      {packet.payouts && packet.payouts.paid + packet.payouts.under_way + packet.payouts.returned > 0 && (
        <p className={note} data-testid="red-packet-payouts">
          {t('redPacket.payoutsSummary', {
            paid: formatPrice(packet.payouts.paid),
            underWay: formatPrice(packet.payouts.under_way),
            returned: formatPrice(packet.payouts.returned),
          })}
        </p>
      )}
      <p className={note}>
        {grabbedCents === null
          ? t('redPacket.progressCount', {
              grabbed: packet.count - packet.remaining_count,
              count: packet.count,
              total: formatPrice(packet.total),
            })
          : t('redPacket.progress', {
              grabbed: packet.count - packet.remaining_count,
              count: packet.count,
              amount: formatPrice(grabbedCents),
              total: formatPrice(packet.total),
            })}
      </p>
      {packet.refund && (
        <p className={note} role="status" data-testid="red-packet-refund" data-state={packet.refund.status}>
          {t(
            packet.refund.status === 'success'
              ? 'redPacket.refundDone'
              : packet.refund.status === 'closed'
                ? 'redPacket.refundClosed'
                : 'redPacket.refundPending',
            { amount: formatPrice(packet.refund.amount) },
          )}
        </p>
      )}
      <ul className={styles.grabs} aria-label={t('redPacket.grabList')}>
        {packet.grabs.map((grab, index) => (
          <li key={grab.user_id ?? `masked-${index}`} className={styles.grab}>
            <span>{grab.nickname}</span>
            {grab.amount !== undefined && <span>{formatPrice(grab.amount)}</span>}
          </li>
        ))}
      </ul>
    </div>
  );
}
