import type { BlockProps } from '../types';
import { useConfiguredId } from '../configured-id';
import { MyPrizes } from '../../features/lottery/MyPrizes';
import * as block from '../../ui/card/card.css';

/** My prizes in a lottery with the delivery details (config `lotteryId`, else `lottery_id` in the link). */
export function LotteryPrizes({ props }: BlockProps<'lottery-prizes'>) {
  const id = useConfiguredId(props.lotteryId, 'lottery_id');
  if (id === null) return null;
  return (
    <div className={block.card}>
      <MyPrizes lotteryId={id} />
    </div>
  );
}
