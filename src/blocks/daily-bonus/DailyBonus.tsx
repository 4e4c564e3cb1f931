import type { BlockProps } from '../types';
import { useTranslation } from '../../lib/i18n';
import { EmptyState } from '../../ui/empty-state/EmptyState';
import { DailyBonusView } from '../../features/daily-bonus/DailyBonusView';
import { useConfiguredId } from '../configured-id';
import * as block from '../../ui/card/card.css';

/** The daily bonus (config `bonusId`, else `bonus_id` in the link): week calendar, streak, next reward, claim. */
export function DailyBonus({ props }: BlockProps<'daily-bonus'>) {
  const { t } = useTranslation();
  const id = useConfiguredId(props.bonusId, 'bonus_id');
  return (
    <div className={block.card}>
      {id === null ? <EmptyState title={t('dailyBonus.noBonus')} /> : <DailyBonusView bonusId={id} />}
    </div>
  );
}
