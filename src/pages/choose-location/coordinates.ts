/**
 * Latitude/longitude as typed by a viewer or carried in a query: parsed, range-checked, and turned into the query
 * a chosen location is returned with.
 */
import { safeRedirectPath } from '../../lib/safe-url';

export type Axis = 'latitude' | 'longitude';
export type LatLng = { lat: number; lng: number };

export const COORDINATE_LIMIT: Record<Axis, number> = { latitude: 90, longitude: 180 };
/** Six decimals is about 0.1 m: more precision than any phone gives, fewer digits than a float prints. */
const DECIMALS = 6;

export type CoordinateResult =
  { ok: true; value: number } | { ok: false; error: 'required' | 'notNumber' | 'range' };

export function parseCoordinate(raw: string | null | undefined, axis: Axis): CoordinateResult {
  const text = (raw ?? '').trim();
  if (text === '') return { ok: false, error: 'required' };
  if (!/^[-+]?(\d+(\.\d*)?|\.\d+)$/.test(text)) return { ok: false, error: 'notNumber' };
  const value = Number(text);
  if (!Number.isFinite(value) || Math.abs(value) > COORDINATE_LIMIT[axis])
    return { ok: false, error: 'range' };
  return { ok: true, value };
}

/** Both coordinates from a query, or null when either is missing or invalid. */
export function latLngFromQuery(params: URLSearchParams): LatLng | null {
  const lat = parseCoordinate(params.get('lat'), 'latitude');
  const lng = parseCoordinate(params.get('lng'), 'longitude');
  return lat.ok && lng.ok ? { lat: lat.value, lng: lng.value } : null;
}

export function formatCoordinate(value: number): string {
  return String(Number(value.toFixed(DECIMALS)));
}

/** The in-app path to return to with the chosen place, or null when `redirect` is missing or could leave the app. */
export function returnPath(redirect: string | null, { lat, lng }: LatLng): string | null {
  const safe = safeRedirectPath(redirect);
  if (!safe) return null;
  const [path, query = ''] = safe.split('?');
  const params = new URLSearchParams(query);
  params.set('lat', formatCoordinate(lat));
  params.set('lng', formatCoordinate(lng));
  return `${path}?${params.toString()}`;
}
