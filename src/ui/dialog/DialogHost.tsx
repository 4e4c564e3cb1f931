import { lazy, Suspense } from 'react';
import { useStore } from '../../lib/store';
import { dialogStore } from './dialog';

// Most visits never show a dialog: its code loads with the first one, not with the first load.
const AlertDialog = lazy(() => import('./AlertDialog').then((module) => ({ default: module.AlertDialog })));

/** Shows the oldest pending dialog; the next one opens when it closes. */
export function DialogHost() {
  const current = useStore(dialogStore, (state) => state[0]);
  if (!current) return null;
  return (
    <Suspense fallback={null}>
      <AlertDialog key={current.id} {...current} />
    </Suspense>
  );
}
