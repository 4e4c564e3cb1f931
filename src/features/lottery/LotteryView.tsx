import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from '../../lib/i18n';
import { localized } from '../../lib/localized';
import { BottomPopup } from '../../ui/bottom-popup/BottomPopup';
import { EmptyState } from '../../ui/empty-state/EmptyState';
import { ErrorState } from '../../ui/error-state/ErrorState';
import { button } from '../../ui/button/button.css';
import { Spinner } from '../../ui/spinner/Spinner';
import { drawLottery, fetchLottery, type DrawResult, type Lottery } from './api';
import { DeliveryForm } from './DeliveryForm';
import { formatTime } from './time';
import { NineBox } from './NineBox';
import { slotOf } from './spin';
import { Wheel, type Presenter } from './Wheel';
import './messages';
import { note } from '../../ui/card/card.css';
import * as styles from './LotteryView.css';
import { usePageNamedBy } from '../../lib/entity-title';
import { useBlockHeading } from '../../ui/page/page-heading';

export type Presentation = 'wheel' | 'grid';

function useLottery(lotteryId: number) {
  const [lottery, setLottery] = useState<Lottery | null>(null);
  const [failed, setFailed] = useState<'missing' | 'error' | null>(null);
  const load = useCallback(() => {
    fetchLottery(lotteryId)
      .then((data) => {
        setLottery(data);
        setFailed(null);
      })
      .catch((error: { xcode?: number }) => setFailed(error.xcode === 404 ? 'missing' : 'error'));
  }, [lotteryId]);
  useEffect(load, [load]);
  return { lottery, failed, reload: load, setLottery };
}

/** A lottery: the wheel or the nine-box (config), the draw, the prize pop-up, the delivery form and the rules. */
export function LotteryView({ lotteryId, presentation }: { lotteryId: number; presentation: Presentation }) {
  const { t, i18n } = useTranslation();
  const { lottery, failed, reload, setLottery } = useLottery(lotteryId);
  const [spinning, setSpinning] = useState(false);
  const [outcome, setOutcome] = useState<DrawResult | null>(null);
  const [panel, setPanel] = useState<'result' | 'delivery' | 'rules' | null>(null);

  const name = lottery ? localized(lottery.title, lottery.title_en, i18n.language) : '';
  // The lottery's name titles the page; its own heading would repeat the page's.
  usePageNamedBy(name);
  const heading = useBlockHeading(`lottery-${lotteryId}`, name);
  if (failed === 'missing') return <EmptyState title={t('lottery.noLottery')} />;
  if (failed && !lottery)
    return <ErrorState title={t('lottery.loadFailed')} actionLabel={t('lottery.retry')} onAction={reload} />;
  if (!lottery) return <Spinner label={t('ui.loading')} />;

  const mine = lottery.mine;
  const open = lottery.status === 'open';
  const drawsLeft = mine?.draws_left ?? null;

  async function draw(presenter: Presenter) {
    if (!lottery || spinning) return;
    setSpinning(true);
    try {
      const result = await drawLottery(lottery.id);
      await presenter.land(slotOf(lottery.prizes, result.prize));
      setOutcome(result);
      setPanel('result');
      setLottery((current) =>
        current && current.mine
          ? {
              ...current,
              mine: {
                ...current.mine,
                draws_left: result.draws_left,
                wins: current.mine.wins + (result.won ? 1 : 0),
                points_balance: result.points_balance ?? current.mine.points_balance,
                needs_delivery:
                  current.mine.needs_delivery ||
                  (result.prize.reward === 'goods' && !current.mine.delivery_given),
              },
            }
          : current,
      );
      if (!mine) reload();
    } catch {
      // Refusals (no draws left, not started, condition) were shown by the API helper.
    } finally {
      setSpinning(false);
    }
  }

  const statusLine = !open
    ? t(lottery.status === 'ended' ? 'lottery.ended' : 'lottery.notStarted')
    : mine && !mine.eligible
      ? lottery.requirement === 'watch'
        ? t('lottery.notEligibleWatch', { minutes: lottery.requirement_minutes })
        : t(lottery.requirement === 'vote' ? 'lottery.notEligibleVote' : 'lottery.notEligibleInfo')
      : drawsLeft === null
        ? t('lottery.loginToDraw')
        : t(lottery.draw_period === 'day' ? 'lottery.drawsLeftDay' : 'lottery.drawsLeftTotal', {
            count: drawsLeft,
          });
  const drawLabel = spinning ? t('lottery.drawing') : t('lottery.draw');
  const disabled = spinning || !open || drawsLeft === 0;
  const Presenter = presentation === 'grid' ? NineBox : Wheel;
  // Only goods are sent: points and coupons were credited to the account when won.
  const needsDelivery = Boolean(
    outcome?.won && outcome.prize.reward === 'goods' && mine && !mine.delivery_given,
  );
  const credited =
    outcome?.won && outcome.prize.reward === 'points'
      ? t('lottery.pointsCredited', { count: outcome.prize.reward_amount })
      : outcome?.won && outcome.prize.reward === 'coupon'
        ? t('lottery.couponCredited')
        : null;

  return (
    <section aria-labelledby={heading.labelledBy}>
      <header className={styles.header}>
        {heading.own ? (
          <h2 id={`lottery-${lotteryId}`} className={styles.title}>
            {name}
          </h2>
        ) : null}
        <p className={note}>
          {t('lottery.window', {
            start: formatTime(lottery.starts_at, i18n.language, lottery.time_zone),
            end: formatTime(lottery.ends_at, i18n.language, lottery.time_zone),
          })}
        </p>
        <p className={styles.status} role="status">
          {statusLine}
        </p>
      </header>
      <div className={styles.stage}>
        <Presenter prizes={lottery.prizes} drawLabel={drawLabel} disabled={disabled} onDraw={draw} />
        <div className={styles.actions}>
          <button
            type="button"
            className={button({ tone: 'secondary', size: 'sm' })}
            onClick={() => setPanel('rules')}
          >
            {t('lottery.rules')}
          </button>
        </div>
      </div>
      <BottomPopup
        open={panel === 'result'}
        onClose={() => setPanel(null)}
        title={outcome?.won ? t('lottery.wonTitle') : t('lottery.lostTitle')}
      >
        <div className={styles.result}>
          {outcome?.won && outcome.prize.image ? (
            <img src={outcome.prize.image} alt="" className={styles.resultImage} />
          ) : null}
          <p className={styles.resultText}>
            {outcome?.won
              ? t('lottery.wonMessage', {
                  prize: localized(outcome.prize.name, outcome.prize.name_en, i18n.language),
                })
              : t('lottery.lostMessage')}
          </p>
          {credited ? <p className={note}>{credited}</p> : null}
          {outcome?.points_balance != null ? (
            <p className={note}>{t('lottery.pointsBalance', { amount: outcome.points_balance })}</p>
          ) : null}
          {needsDelivery ? (
            <button type="button" className={button({ block: true })} onClick={() => setPanel('delivery')}>
              {t('lottery.fillDelivery')}
            </button>
          ) : null}
          <button
            type="button"
            className={button({ tone: 'secondary', block: true })}
            onClick={() => setPanel(null)}
          >
            {t('lottery.ok')}
          </button>
        </div>
      </BottomPopup>
      <BottomPopup
        open={panel === 'delivery'}
        onClose={() => setPanel(null)}
        title={t('lottery.deliveryTitle')}
      >
        <DeliveryForm
          lotteryId={lottery.id}
          onSaved={() => {
            setPanel(null);
            setLottery((current) =>
              current && current.mine
                ? { ...current, mine: { ...current.mine, delivery_given: true } }
                : current,
            );
          }}
        />
      </BottomPopup>
      <BottomPopup open={panel === 'rules'} onClose={() => setPanel(null)} title={t('lottery.rules')}>
        <p className={styles.rules}>{localized(lottery.rules, lottery.rules_en, i18n.language)}</p>
      </BottomPopup>
    </section>
  );
}
