import { useState } from 'react';
import { api } from '../../lib/api';
import { formatPrice } from '../../lib/format';
import { useTranslation } from '../../lib/i18n';
import { BottomPopup } from '../../ui/bottom-popup/BottomPopup';
import { content } from '../../ui/bottom-popup/BottomPopup.css';
import { button } from '../../ui/button/button.css';
import { actions, note } from '../../ui/card/card.css';
import { Field } from '../../ui/field/Field';
import { afterPaidVotes, explainLoginRequired, paidVoteKey } from './vote-actions';
import * as styles from './PaidVotePopup.css';

const PRESETS = [1, 5, 10, 50] as const;
const MAX_COUNT = 10000;

const clamp = (value: number) => Math.min(MAX_COUNT, Math.max(1, Math.floor(value) || 1));

/**
 * Count picker for paid votes, then the shared payment flow (JSAPI in WeChat, H5 page elsewhere); the count rises
 * once the payment notification has credited the votes. The payment module loads only when the viewer pays.
 */
export function PaidVotePopup({
  open,
  onClose,
  voteId,
  playerId,
  playerName,
  priceCents,
}: {
  open: boolean;
  onClose(): void;
  voteId: number;
  playerId: number;
  playerName: string;
  priceCents: number;
}) {
  const { t } = useTranslation();
  // What the box shows: it may be empty or out of range while the viewer types; the count paid for is always clamped.
  const [typed, setTyped] = useState('1');
  const count = clamp(Number(typed));
  const setCount = (value: number) => setTyped(String(clamp(value)));
  const [busy, setBusy] = useState(false);

  const pay = async () => {
    setBusy(true);
    try {
      const { payFor } = await import('../payment/pay');
      const outcome = await payFor({
        key: paidVoteKey(voteId),
        createOrder: (input) =>
          api
            .post(
              '/v2/api/wechat/vote/user/order',
              { vote_id: voteId, player_id: playerId, count, ...input },
              { login: true },
            )
            .catch((error: unknown) => {
              explainLoginRequired(error);
              throw error;
            }),
      });
      if (outcome === 'paid') {
        onClose();
        await afterPaidVotes(voteId);
      }
    } finally {
      setBusy(false);
    }
  };

  // Closed, it renders nothing: its texts format numbers (the count's range), and a page's first Intl number format
  // loads ICU's locale data, ~35 ms of main thread, which the player page paid inside its first render.
  if (!open) return null;
  return (
    <BottomPopup open onClose={onClose} title={t('vote.paidTitle', { name: playerName })}>
      <div className={content}>
        <p className={note}>{t('vote.pricePerVote', { price: formatPrice(priceCents) })}</p>
        <Field label={t('vote.count')} hint={t('vote.countRange', { min: 1, max: MAX_COUNT })}>
          {(control) => (
            <div className={styles.stepper}>
              <button
                type="button"
                className={button({ tone: 'secondary', size: 'sm' })}
                aria-label={t('vote.fewer')}
                disabled={count <= 1}
                onClick={() => setCount(count - 1)}
              >
                −
              </button>
              <input
                {...control}
                className={styles.stepperValue}
                type="number"
                inputMode="numeric"
                min={1}
                max={MAX_COUNT}
                step={1}
                value={typed}
                onChange={(event) => setTyped(event.target.value.replace(/\D/g, '').slice(0, 6))}
                onBlur={() => setCount(count)}
              />
              <button
                type="button"
                className={button({ tone: 'secondary', size: 'sm' })}
                aria-label={t('vote.more')}
                disabled={count >= MAX_COUNT}
                onClick={() => setCount(count + 1)}
              >
                +
              </button>
            </div>
          )}
        </Field>
        <div className={actions} role="group" aria-label={t('vote.presets')}>
          {PRESETS.map((preset) => (
            <button
              key={preset}
              type="button"
              className={button({ tone: 'secondary', size: 'compact' })}
              aria-pressed={count === preset}
              onClick={() => setCount(preset)}
            >
              {t('vote.votesN', { count: preset })}
            </button>
          ))}
        </div>
        <button type="button" className={button()} disabled={busy} onClick={() => void pay()}>
          {t('vote.payAmount', { price: formatPrice(count * priceCents) })}
        </button>
      </div>
    </BottomPopup>
  );
}
