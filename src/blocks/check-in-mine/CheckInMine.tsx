import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { BlockProps } from '../types';
import { useTranslation } from '../../lib/i18n';
import { launchStore } from '../../lib/launch';
import { EmptyState } from '../../ui/empty-state/EmptyState';
import { keepInView } from '../../ui/scroll/keep-in-view';
import { MyCheckIns } from '../../features/check-in/MyCheckIns';
import * as block from '../../ui/card/card.css';

/** `section=mine` in a link (my check-ins in the user centre) opens the check-in page at this block. */
const MINE_SECTION = 'mine';

/** The activities the viewer checked in to, with the times. The event is config `eventToken`, else the page's video token. */
export function CheckInMine({ props }: BlockProps<'check-in-mine'>) {
  const { t } = useTranslation();
  const token = props.eventToken ?? launchStore.get().videoToken;
  const [params] = useSearchParams();
  const asked = params.get('section') === MINE_SECTION;
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = ref.current;
    if (!asked || !element) return;
    return keepInView(element);
  }, [asked]);
  return (
    <div className={block.card} ref={ref}>
      {token ? <MyCheckIns token={token} /> : <EmptyState title={t('checkIn.noEvent')} />}
    </div>
  );
}
