import '../system-messages';
import { useCallback, useEffect, useId, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { appConfig } from '../../engine/config';
import { useTranslation } from '../../lib/i18n';
import { openLocation } from '../../lib/wechat/media';
import { setupJsSdk } from '../../lib/wechat/setup';
import { isWeChat } from '../../lib/wechat/user-agent';
import { formatCoordinate, latLngFromQuery } from '../choose-location/coordinates';
import { SystemPage } from '../choose-location/SystemPage';
import { button } from '../../ui/button/button.css';
import * as styles from '../choose-location/SystemPage.css';
import { allowedMapLink, type Place } from './map-link';

const allowList: readonly string[] = appConfig.constants.externalLinkAllowList ?? [];

/**
 * System page /open-location?lat=&lng=&name=&address=: in WeChat the JS-SDK opens its map at the place; elsewhere
 * (and underneath WeChat's map) a card with the name, address and coordinates, and a map-app link when the map host
 * is on the config's external-link allow-list.
 */
export default function OpenLocationPage(): React.JSX.Element {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const ids = useId();
  const inWeChat = useMemo(() => isWeChat(), []);
  const [wechatFailed, setWechatFailed] = useState(false);
  const place = useMemo<Place | null>(() => {
    const latLng = latLngFromQuery(params);
    if (!latLng) return null;
    return {
      ...latLng,
      name: params.get('name')?.trim() || '',
      address: params.get('address')?.trim() || '',
    };
  }, [params]);

  const openInWeChat = useCallback(() => {
    if (!place) return;
    setupJsSdk()
      .then(() =>
        openLocation({ latitude: place.lat, longitude: place.lng, name: place.name, address: place.address }),
      )
      .then(
        () => setWechatFailed(false),
        () => setWechatFailed(true),
      );
  }, [place]);

  useEffect(() => {
    if (inWeChat) openInWeChat();
  }, [inWeChat, openInWeChat]);

  if (!place) {
    return (
      <SystemPage title={t('system.openLocation.title')}>
        <p className={styles.notice} role="alert">
          {t('system.openLocation.invalid')}
        </p>
      </SystemPage>
    );
  }

  const mapLink = allowedMapLink(place, allowList);
  return (
    <SystemPage title={t('system.openLocation.title')}>
      <section className={styles.card} aria-labelledby={`${ids}-place`}>
        <h2 id={`${ids}-place`} className={styles.cardTitle}>
          {place.name || t('system.openLocation.unnamed')}
        </h2>
        {place.address ? <p className={styles.text}>{place.address}</p> : null}
        <p className={styles.coordinates}>
          {t('system.coordinatesText', {
            latitude: formatCoordinate(place.lat),
            longitude: formatCoordinate(place.lng),
          })}
        </p>
        {wechatFailed ? (
          <p className={styles.notice} role="alert">
            {t('system.openLocation.wechatFailed')}
          </p>
        ) : null}
        <div className={styles.actions}>
          {inWeChat ? (
            <button type="button" className={button()} onClick={openInWeChat}>
              {t('system.openLocation.openInWeChat')}
            </button>
          ) : null}
          {mapLink ? (
            <a
              className={button({ tone: 'secondary' })}
              href={mapLink}
              target="_blank"
              rel="noopener noreferrer"
            >
              {t('system.openLocation.openInMap')}
            </a>
          ) : null}
        </div>
      </section>
    </SystemPage>
  );
}
