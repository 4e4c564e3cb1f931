/**
 * A link that opens a place in a map app (Tencent Maps' marker URI, which WeChat and most Chinese phones hand to an
 * installed map app), shown only when its host is on the configured external-link allow-list.
 */
import { isAllowedExternalUrl } from '../../lib/safe-url';
import { formatCoordinate, type LatLng } from '../choose-location/coordinates';

const MAP_MARKER_URL = 'https://apis.map.qq.com/uri/v1/marker';

export type Place = LatLng & { name?: string; address?: string };

/** Tencent's URI format separates fields with ';' and ':', so those are removed from the free text. */
function field(text: string | undefined): string {
  return (text ?? '').replace(/[;:]/g, ' ').trim();
}

export function mapMarkerUrl(place: Place, base: string = MAP_MARKER_URL): string {
  const url = new URL(base);
  const parts = [`coord:${formatCoordinate(place.lat)},${formatCoordinate(place.lng)}`];
  if (field(place.name)) parts.push(`title:${field(place.name)}`);
  if (field(place.address)) parts.push(`addr:${field(place.address)}`);
  url.searchParams.set('marker', parts.join(';'));
  url.searchParams.set('referer', 'livev3');
  return url.href;
}

/** The map link, or null when the map host is not allowed (the page then shows the coordinates alone). */
export function allowedMapLink(place: Place, allowList: readonly string[], base?: string): string | null {
  const url = mapMarkerUrl(place, base);
  return isAllowedExternalUrl(url, allowList) ? url : null;
}
