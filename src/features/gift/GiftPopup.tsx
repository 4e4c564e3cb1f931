import './messages';
import { useEffect, useState, type FormEvent } from 'react';
import type { components } from '../../../schemas/api/types.gen';
import { api } from '../../lib/api';
import { formatPrice } from '../../lib/format';
import { useTranslation } from '../../lib/i18n';
import { launchStore } from '../../lib/launch';
import { useStore } from '../../lib/store';
import { BottomPopup } from '../../ui/bottom-popup/BottomPopup';
import { button } from '../../ui/button/button.css';
import { Field } from '../../ui/field/Field';
import { input as inputRecipe } from '../../ui/field/Field.css';
import { toast } from '../../ui/toast/toast';
import type { ChatPopupProps } from '../chat/types';
import { useChatPayment } from '../chat/use-chat-payment';
import * as styles from './GiftPopup.css';

type Gift = components['schemas']['Gift'];

const GIFT_COUNTS = [1, 10, 66] as const;
/** A tip of a free amount: 0.01 to 20,000 yuan (the server's limit, in cents). */
const TIP_LIMITS_CENTS = { min: 1, max: 2_000_000 } as const;

/** Yuan typed by the viewer -> cents, or null when it is not an amount within the limits (two decimals at most). */
export function tipCents(text: string): number | null {
  const value = text.trim();
  if (!/^\d+(\.\d{1,2})?$/.test(value)) return null;
  const [whole, fraction = ''] = value.split('.');
  const cents = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  return cents >= TIP_LIMITS_CENTS.min && cents <= TIP_LIMITS_CENTS.max ? cents : null;
}

/** The gift pop-up: pick a gift and how many, pay; the paid gift then shows in the chat for everyone. */
export default function GiftPopup({ token, paymentKey, onClose }: ChatPopupProps) {
  const { t } = useTranslation();
  const locale = useStore(launchStore, (state) => state.locale);
  const [gifts, setGifts] = useState<Gift[] | null>(null);
  const [chosen, setChosen] = useState<number | null>(null);
  const [count, setCount] = useState<number>(GIFT_COUNTS[0]);
  const { busy, pay } = useChatPayment(paymentKey, onClose);
  const [tip, setTip] = useState('');
  const [tipError, setTipError] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    api
      .get('/v3/api/video/gift', { token }, { quiet: true })
      .then((data) => {
        if (live) setGifts(data.list);
      })
      .catch(() => {
        if (live) setGifts([]);
      });
    return () => {
      live = false;
    };
  }, [token]);

  const gift = gifts?.find((item) => item.id === chosen);
  const name = (item: Gift) => (locale === 'en' ? item.name_en : item.name);

  const onSend = async () => {
    if (!gift) {
      toast(t('gift.choose'));
      return;
    }
    await pay((input) =>
      api.post('/v3/api/wechat/video/reward', { token, gift_id: gift.id, count, ...input }, { login: true }),
    );
  };

  const onTip = async (event: FormEvent) => {
    event.preventDefault();
    const amount = tipCents(tip);
    if (amount === null) {
      setTipError(t('gift.tipInvalid'));
      return;
    }
    setTipError(null);
    await pay((input) =>
      api.post('/v3/api/wechat/video/reward', { token, amount, ...input }, { login: true }),
    );
  };

  return (
    <BottomPopup open onClose={onClose} title={t('gift.title')}>
      {gifts === null ? (
        <p>{t('ui.loading')}</p>
      ) : (
        <>
          <fieldset className={styles.grid} aria-label={t('gift.title')}>
            {gifts.map((item) => (
              <button
                key={item.id}
                type="button"
                className={styles.gift}
                aria-pressed={item.id === chosen}
                onClick={() => setChosen(item.id)}
              >
                <span className={styles.icon} aria-hidden="true">
                  {name(item).slice(0, 1)}
                </span>
                <span>{name(item)}</span>
                <span className={styles.price}>{t('gift.price', { price: formatPrice(item.price) })}</span>
              </button>
            ))}
          </fieldset>
          <div className={styles.footer}>
            <div className={styles.counts} role="group" aria-label={t('gift.count')}>
              {GIFT_COUNTS.map((value) => (
                <button
                  key={value}
                  type="button"
                  className={styles.count}
                  aria-pressed={value === count}
                  onClick={() => setCount(value)}
                >
                  ×{value}
                </button>
              ))}
            </div>
            <button type="button" className={button()} onClick={onSend} disabled={busy}>
              {t('gift.send')}
            </button>
          </div>
          <p className={styles.total}>
            {gift ? t('gift.total', { price: formatPrice(gift.price * count) }) : t('gift.choose')}
          </p>
          <form className={styles.tip} onSubmit={onTip} aria-label={t('gift.tipTitle')} noValidate>
            <Field label={t('gift.tipAmount')} hint={t('gift.tipHint')} error={tipError}>
              {(control) => (
                <input
                  {...control}
                  className={inputRecipe()}
                  type="text"
                  inputMode="decimal"
                  autoComplete="off"
                  value={tip}
                  onChange={(event) => setTip(event.target.value)}
                />
              )}
            </Field>
            <button type="submit" className={button()} disabled={busy}>
              {t('gift.tipSend')}
            </button>
          </form>
        </>
      )}
    </BottomPopup>
  );
}
