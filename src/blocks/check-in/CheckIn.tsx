import type { BlockProps } from '../types';
import { useTranslation } from '../../lib/i18n';
import { launchStore } from '../../lib/launch';
import { EmptyState } from '../../ui/empty-state/EmptyState';
import { ActivityList } from '../../features/check-in/ActivityList';
import * as block from '../../ui/card/card.css';

/** An event's check-in activities by group, with the check-in button (location permission flow where the activity has a radius). The event is config `eventToken`, else the page's video token. */
export function CheckIn({ props }: BlockProps<'check-in'>) {
  const { t } = useTranslation();
  const token = props.eventToken ?? launchStore.get().videoToken;
  return (
    <div className={block.card}>
      {token ? <ActivityList token={token} /> : <EmptyState title={t('checkIn.noEvent')} />}
    </div>
  );
}
