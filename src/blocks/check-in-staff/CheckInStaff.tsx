import type { BlockProps } from '../types';
import { useTranslation } from '../../lib/i18n';
import { launchStore } from '../../lib/launch';
import { EmptyState } from '../../ui/empty-state/EmptyState';
import { StaffSearch } from '../../features/check-in/StaffSearch';
import * as block from '../../ui/card/card.css';

/** Staff: search attendees by name or phone and check them in. The event is config `eventToken`, else the page's video token. */
export function CheckInStaff({ props }: BlockProps<'check-in-staff'>) {
  const { t } = useTranslation();
  const token = props.eventToken ?? launchStore.get().videoToken;
  return (
    <div className={block.card}>
      {token ? <StaffSearch token={token} /> : <EmptyState title={t('checkIn.noEvent')} />}
    </div>
  );
}
