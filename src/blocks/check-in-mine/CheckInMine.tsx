import type { BlockProps } from '../types';
import { useTranslation } from '../../lib/i18n';
import { launchStore } from '../../lib/launch';
import { EmptyState } from '../../ui/empty-state/EmptyState';
import { MyCheckIns } from '../../features/check-in/MyCheckIns';
import * as block from '../../ui/card/card.css';

type Props = { eventToken?: string };

/** The activities the viewer checked in to, with the times. The event is config `eventToken`, else the page's video token. */
export function CheckInMine({ props }: BlockProps<Props>) {
  const { t } = useTranslation();
  const token = props.eventToken ?? launchStore.get().videoToken;
  return (
    <div className={block.card}>
      {token ? <MyCheckIns token={token} /> : <EmptyState title={t('checkIn.noEvent')} />}
    </div>
  );
}
