import type { BlockProps } from '../types';
import { useConfiguredId } from '../configured-id';
import { Winners } from '../../features/lottery/Winners';
import * as block from '../../ui/card/card.css';

/** The winners marquee of a lottery (config `lotteryId`, else `lottery_id` in the link). */
export function LotteryWinners({ props }: BlockProps<'lottery-winners'>) {
  const id = useConfiguredId(props.lotteryId, 'lottery_id');
  if (id === null) return null;
  return (
    <div className={block.card}>
      <Winners lotteryId={id} limit={props.limit} />
    </div>
  );
}
