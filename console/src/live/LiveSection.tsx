/**
 * An event's Live section: where the encoder pushes (server and stream key, each with a copy button; the key masked
 * until shown), the broadcast's state (asked again every two seconds while the page is visible, so it follows the
 * encoder without a reload), a preview of what viewers get, rotating the key and ending the broadcast, each after a
 * confirmation (the buttons stay focusable while a call runs, aria-disabled, so focus can come back to them). A
 * broadcast starts when the encoder publishes: the ingest has nothing to start it with.
 */
import { useCallback, useEffect, useState } from 'react';
import { useParams } from 'react-router-dom';
import { api, ApiError, type Data } from '../app/api.ts';
import * as styles from '../app/console.css.ts';
import { useT } from '../app/i18n.ts';
import type { SectionProps } from '../events/EventPage.tsx';
import { useConfirm } from '../app/Confirm.tsx';
import { CopyField } from './CopyField.tsx';
import { LivePreview } from './LivePreview.tsx';
import * as live from './live.css.ts';

type Live = Data<'consoleLiveGet'>;
/** How often the state is asked for while the page is visible. */
const POLL_MS = 2000;

export function LiveSection(_props: SectionProps) {
  const { t } = useT();
  const eventId = Number(useParams().event);
  const [state, setState] = useState<Live | null>(null);
  const [failure, setFailure] = useState('');
  const [done, setDone] = useState('');
  const [busy, setBusy] = useState(false);

  const load = useCallback(
    () =>
      api.get<'consoleLiveGet'>('/v3/api/console/live', { id: eventId }).then(
        (answer) => {
          setState(answer);
          setFailure('');
        },
        (error: unknown) => setFailure(error instanceof ApiError ? error.message : String(error)),
      ),
    [eventId],
  );

  useEffect(() => {
    void load();
    const timer = setInterval(() => {
      if (document.visibilityState === 'visible') void load();
    }, POLL_MS);
    return () => clearInterval(timer);
  }, [load]);

  const { ask, element: dialog } = useConfirm(useCallback(() => null, []));
  // Rotating a key and ending a broadcast cannot be taken back: focus starts on Cancel.
  const askFor = (action: 'rotate' | 'end') =>
    ask({
      title: t(action === 'end' ? 'live.endTitle' : 'live.rotateTitle'),
      message: t(action === 'end' ? 'live.endMessage' : 'live.rotateMessage'),
      confirm: t(action === 'end' ? 'live.end' : 'live.rotate'),
      focus: 'cancel',
      run: () => act(action),
    });
  const act = async (action: 'rotate' | 'end') => {
    setBusy(true);
    setDone('');
    try {
      const answer =
        action === 'rotate'
          ? await api.post<'consoleLiveRotateKey'>('/v3/api/console/live/rotate-key', { id: eventId })
          : await api.post<'consoleLiveEnd'>('/v3/api/console/live/end', { id: eventId });
      setState(answer);
      setFailure('');
      setDone(action === 'rotate' ? t('live.rotated') : t('live.endedNow'));
    } catch (error) {
      setFailure(error instanceof ApiError ? error.message : String(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className={styles.card} aria-labelledby="live-heading">
      <h1 id="live-heading" className={styles.heading}>
        {t('live.heading')}
      </h1>
      {failure && (
        <p role="alert" className={styles.notice}>
          {failure}
        </p>
      )}
      <p role="status" className={styles.success}>
        {done}
      </p>
      {state && (
        <div className={live.columns}>
          <div>
            <p className={styles.row} aria-live="polite">
              <span>{t('live.state')}:</span>
              <span className={live.badge[state.state]} data-testid="live-state">
                {t(`live.state_${state.state}`)}
              </span>
            </p>
            {state.ingest === 'off' ? (
              <p className={styles.notice}>{t('live.ingestOff')}</p>
            ) : (
              <>
                <CopyField key={state.push_server} label={t('live.pushServer')} value={state.push_server} />
                <CopyField
                  key={state.stream_key}
                  label={t('live.streamKey')}
                  value={state.stream_key}
                  secret
                />
                <CopyField key={state.push_url} label={t('live.pushUrl')} value={state.push_url} secret />
                <p className={styles.hint}>
                  {t(state.ingest === 'cloud' ? 'live.startHintCloud' : 'live.startHint')}
                </p>
              </>
            )}
            <div className={styles.row}>
              {state.rotatable && (
                <button
                  type="button"
                  className={styles.button.secondary}
                  aria-disabled={busy}
                  onClick={() => busy || askFor('rotate')}
                >
                  {t('live.rotate')}
                </button>
              )}
              {state.may_end && (
                <button
                  type="button"
                  className={styles.button.primary}
                  aria-disabled={busy}
                  onClick={() => busy || askFor('end')}
                >
                  {t('live.end')}
                </button>
              )}
            </div>
          </div>
          <div>
            <h2 className={styles.label}>{t('live.preview')}</h2>
            <LivePreview key={state.broadcast_id ?? 0} url={state.preview_url} />
          </div>
        </div>
      )}
      {dialog}
    </section>
  );
}
