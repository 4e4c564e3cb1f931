import { useEffect, useId, useRef, useState } from 'react';
import { AccountLink } from '../../features/account/AccountLink';
import { useOpenComplaint } from '../../features/account/ComplaintLink';
import { SaveButton } from '../../features/account/SaveButton';
import { useVideo } from '../../features/video/store';
import { useTranslation } from '../../lib/i18n';
import * as styles from './VideoActions.css';

/**
 * The live room's actions beside the event's status: the way to the user centre, save the event to the viewer's
 * collection, and the room's menu (complain about the video). Loaded after the header itself (first-load budget); the row keeps its height meanwhile.
 */
export default function VideoActions() {
  const { t } = useTranslation();
  const token = useVideo((state) => state.info?.token ?? '');
  const openComplaint = useOpenComplaint();
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const wrap = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    const close = (event: PointerEvent) => {
      if (!wrap.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', close);
    return () => document.removeEventListener('pointerdown', close);
  }, [open]);

  return (
    <div className={styles.actions} ref={wrap}>
      <AccountLink />
      <SaveButton kind="video" target={token} />
      <button
        type="button"
        className={styles.more}
        aria-label={t('accountActions.more')}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => setOpen((value) => !value)}
      >
        <span aria-hidden="true">⋯</span>
      </button>
      {open ? (
        <div
          id={menuId}
          role="menu"
          className={styles.menu}
          onKeyDown={(event) => {
            if (event.key === 'Escape') setOpen(false);
          }}
        >
          <button
            type="button"
            role="menuitem"
            className={styles.menuItem}
            onClick={() => {
              setOpen(false);
              openComplaint({ kind: 'video', target: token });
            }}
          >
            {t('accountActions.complain')}
          </button>
        </div>
      ) : null}
    </div>
  );
}
