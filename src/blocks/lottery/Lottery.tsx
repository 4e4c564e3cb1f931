import type { BlockProps } from '../types';
import { useTranslation } from '../../lib/i18n';
import { EmptyState } from '../../ui/empty-state/EmptyState';
import { useConfiguredId } from '../configured-id';
import { LotteryView } from '../../features/lottery/LotteryView';
import * as block from '../../ui/card/card.css';

/** A lottery (config `lotteryId`, else `lottery_id` in the link) as a wheel or a nine-box; the server draws. */
export function Lottery({ props }: BlockProps<'lottery'>) {
  const { t } = useTranslation();
  const id = useConfiguredId(props.lotteryId, 'lottery_id');
  return (
    <div className={block.card}>
      {id === null ? (
        <EmptyState title={t('lottery.noLottery')} />
      ) : (
        <LotteryView lotteryId={id} presentation={props.presentation} />
      )}
    </div>
  );
}
