import './action-texts';
import { useEffect, useState } from 'react';
import { getAuthToken } from '../../lib/auth';
import { useTranslation } from '../../lib/i18n';
import { launchStore } from '../../lib/launch';
import { toast } from '../../ui/toast/toast';
import { favouriteStatus, removeFavourite, saveFavourite, type FavouriteKind } from './favourites';
import * as styles from './actions.css';

type Props = {
  kind: FavouriteKind;
  target: string;
  /** What is saved, for the button's name when several share a page (video cards): 'Save <title>'. */
  title?: string;
  /** Only the star (video cards); the name then comes from `title`. */
  compact?: boolean;
};

/**
 * Save / unsave a video (target: event token) or a contest player (`<contest id>:<player id>`) for the viewer's
 * collection: a toggle button (aria-pressed) whose name stays 'Save' while the star and the tone show the state.
 * Logged out, a tap asks for the login and saves on the way back (the `{ login: true }` flow).
 */
export function SaveButton({ kind, target, title, compact }: Props) {
  const { t } = useTranslation();
  const [saved, setSaved] = useState(false);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (!target || !getAuthToken(launchStore.get().videoToken)) return;
    let live = true;
    favouriteStatus(kind, target)
      .then((answer) => live && setSaved(answer.saved))
      .catch(() => {});
    return () => {
      live = false;
    };
  }, [kind, target]);
  const toggle = async () => {
    setBusy(true);
    try {
      const answer = saved ? await removeFavourite(kind, target) : await saveFavourite(kind, target);
      setSaved(answer.saved);
      toast(answer.saved ? t('accountActions.saved') : t('accountActions.removed'));
    } catch {
      // shown by the API helper, or the login runs and the save follows it
    } finally {
      setBusy(false);
    }
  };
  const name = title ? t('accountActions.saveItem', { title }) : undefined;
  return (
    <button
      type="button"
      aria-pressed={saved}
      aria-label={compact ? name : undefined}
      title={compact ? name : undefined}
      className={styles.save({ saved, compact: Boolean(compact) })}
      disabled={busy || !target}
      onClick={() => void toggle()}
    >
      <span aria-hidden="true" className={styles.star}>
        {saved ? '★' : '☆'}
      </span>
      {compact ? null : t('accountActions.save')}
    </button>
  );
}
