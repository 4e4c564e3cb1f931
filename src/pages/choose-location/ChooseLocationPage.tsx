import '../system-messages';
import { useEffect, useId, useMemo, useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useTranslation } from '../../lib/i18n';
import { buildPath } from '../../lib/navigation';
import { getLocation } from '../../lib/wechat/media';
import { setupJsSdk } from '../../lib/wechat/setup';
import { isWeChat } from '../../lib/wechat/user-agent';
import {
  COORDINATE_LIMIT,
  formatCoordinate,
  parseCoordinate,
  returnPath,
  type Axis,
  type CoordinateResult,
  type LatLng,
} from './coordinates';
import { SystemPage, useGoBack } from './SystemPage';
import { button } from '../../ui/button/button.css';
import { Field } from '../../ui/field/Field';
import { input } from '../../ui/field/Field.css';
import * as styles from './SystemPage.css';

type LocateStatus = 'idle' | 'locating' | 'found' | 'denied' | 'unavailable' | 'timeout' | 'wechatFailed';

const GEOLOCATION_TIMEOUT_MS = 15000;

function browserPosition(): Promise<LatLng> {
  return new Promise((resolve, reject) => {
    if (!('geolocation' in navigator)) {
      reject(new Error('unavailable'));
      return;
    }
    navigator.geolocation.getCurrentPosition(
      (position) => resolve({ lat: position.coords.latitude, lng: position.coords.longitude }),
      reject,
      { enableHighAccuracy: true, timeout: GEOLOCATION_TIMEOUT_MS, maximumAge: 60000 },
    );
  });
}

function failureStatus(error: unknown): LocateStatus {
  const code = (error as { code?: number } | null)?.code;
  // GeolocationPositionError codes: 1 permission denied, 2 position unavailable, 3 time-out.
  if (code === 1) return 'denied';
  if (code === 3) return 'timeout';
  return 'unavailable';
}

/**
 * System page /choose-location?redirect=<in-app path>: in WeChat the JS-SDK finds the viewer's position; elsewhere
 * the browser's Geolocation API on request, plus manual latitude/longitude inputs. Confirming returns to `redirect`
 * with `lat` and `lng` added to its query (or simply goes back when no safe redirect was given).
 */
export default function ChooseLocationPage(): React.JSX.Element {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const goBack = useGoBack();
  const inWeChat = useMemo(() => isWeChat(), []);
  const [status, setStatus] = useState<LocateStatus>(inWeChat ? 'locating' : 'idle');
  const [found, setFound] = useState<LatLng | null>(null);
  const [values, setValues] = useState<Record<Axis, string>>({ latitude: '', longitude: '' });
  const [submitted, setSubmitted] = useState(false);
  const ids = useId();

  useEffect(() => {
    if (!inWeChat) return;
    let live = true;
    setupJsSdk()
      .then(() => getLocation())
      .then(
        ({ latitude, longitude }) => {
          if (!live) return;
          setFound({ lat: latitude, lng: longitude });
          setStatus('found');
        },
        () => live && setStatus('wechatFailed'),
      );
    return () => {
      live = false;
    };
  }, [inWeChat]);

  const locateInBrowser = () => {
    setStatus('locating');
    browserPosition().then(
      (position) => {
        setFound(position);
        setStatus('found');
      },
      (error: unknown) => setStatus(failureStatus(error)),
    );
  };

  const confirm = (place: LatLng) => {
    const path = returnPath(params.get('redirect'), place);
    if (path) void navigate(buildPath(path), { replace: true });
    else goBack();
  };

  const parsed: Record<Axis, CoordinateResult> = {
    latitude: parseCoordinate(values.latitude, 'latitude'),
    longitude: parseCoordinate(values.longitude, 'longitude'),
  };

  const submitManual = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (parsed.latitude.ok && parsed.longitude.ok) {
      confirm({ lat: parsed.latitude.value, lng: parsed.longitude.value });
    }
  };

  const errorText = (axis: Axis): string | null => {
    const result = parsed[axis];
    if (result.ok || !submitted) return null;
    return t(`system.coordinate.${result.error}`, { limit: COORDINATE_LIMIT[axis] });
  };

  const statusMessage: Partial<Record<LocateStatus, string>> = {
    locating: t('system.chooseLocation.locating'),
    denied: t('system.chooseLocation.denied'),
    unavailable: t('system.chooseLocation.unavailable'),
    timeout: t('system.chooseLocation.timeout'),
    wechatFailed: t('system.chooseLocation.wechatFailed'),
  };
  const message = statusMessage[status];
  const isProblem = status !== 'locating';

  return (
    <SystemPage title={t('system.chooseLocation.title')}>
      <section className={styles.card} aria-labelledby={`${ids}-current`}>
        <h2 id={`${ids}-current`} className={styles.cardTitle}>
          {t('system.chooseLocation.current')}
        </h2>
        {found ? (
          <>
            <p className={styles.coordinates}>
              {t('system.coordinatesText', {
                latitude: formatCoordinate(found.lat),
                longitude: formatCoordinate(found.lng),
              })}
            </p>
            <button type="button" className={button()} onClick={() => confirm(found)}>
              {t('system.chooseLocation.confirm')}
            </button>
          </>
        ) : null}
        {message ? (
          <p className={isProblem ? styles.notice : styles.muted} role={isProblem ? 'alert' : 'status'}>
            {message}
          </p>
        ) : null}
        {inWeChat ? null : (
          <button
            type="button"
            className={button({ tone: 'secondary' })}
            onClick={locateInBrowser}
            disabled={status === 'locating'}
          >
            {t('system.chooseLocation.useMyLocation')}
          </button>
        )}
      </section>

      <form className={styles.card} onSubmit={submitManual} noValidate aria-labelledby={`${ids}-manual`}>
        <h2 id={`${ids}-manual`} className={styles.cardTitle}>
          {t('system.chooseLocation.manual')}
        </h2>
        {(['latitude', 'longitude'] as const).map((axis) => (
          <Field
            key={axis}
            label={t(`system.${axis}`)}
            hint={t(`system.chooseLocation.${axis}Hint`)}
            error={errorText(axis) ?? undefined}
            required
          >
            {(control) => (
              <input
                {...control}
                className={input()}
                name={axis}
                inputMode="decimal"
                autoComplete="off"
                value={values[axis]}
                onChange={(event) => setValues((current) => ({ ...current, [axis]: event.target.value }))}
              />
            )}
          </Field>
        ))}
        <button type="submit" className={button()}>
          {t('system.chooseLocation.confirm')}
        </button>
      </form>
    </SystemPage>
  );
}
