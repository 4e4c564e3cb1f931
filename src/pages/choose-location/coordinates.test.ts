import { describe, expect, it } from 'vitest';
import { formatCoordinate, latLngFromQuery, parseCoordinate, returnPath } from './coordinates';

describe('parseCoordinate', () => {
  it.each([
    ['31.2304', 'latitude', 31.2304],
    ['-90', 'latitude', -90],
    ['+45.5', 'latitude', 45.5],
    [' 121.4737 ', 'longitude', 121.4737],
    ['-180', 'longitude', -180],
    ['.5', 'longitude', 0.5],
  ] as const)('accepts %s as a %s', (raw, axis, value) => {
    expect(parseCoordinate(raw, axis)).toEqual({ ok: true, value });
  });

  it.each([
    ['', 'latitude', 'required'],
    [null, 'latitude', 'required'],
    ['abc', 'latitude', 'notNumber'],
    ['1e2', 'latitude', 'notNumber'],
    ['12,5', 'latitude', 'notNumber'],
    ['Infinity', 'longitude', 'notNumber'],
    ['90.0001', 'latitude', 'range'],
    ['-180.5', 'longitude', 'range'],
  ] as const)('rejects %s as a %s (%s)', (raw, axis, error) => {
    expect(parseCoordinate(raw, axis)).toEqual({ ok: false, error });
  });
});

describe('latLngFromQuery', () => {
  it('reads both or nothing', () => {
    expect(latLngFromQuery(new URLSearchParams('lat=31.2&lng=121.5'))).toEqual({ lat: 31.2, lng: 121.5 });
    expect(latLngFromQuery(new URLSearchParams('lat=31.2'))).toBeNull();
    expect(latLngFromQuery(new URLSearchParams('lat=100&lng=1'))).toBeNull();
  });
});

describe('returnPath', () => {
  const place = { lat: 31.230416123, lng: 121.473701 };
  it('adds lat and lng to an in-app path, keeping its query', () => {
    expect(returnPath('/pages/user/index?tab=address&lat=1', place)).toBe(
      '/pages/user/index?tab=address&lat=31.230416&lng=121.473701',
    );
    expect(returnPath('/', place)).toBe('/?lat=31.230416&lng=121.473701');
  });
  it('refuses a path that could leave the app', () => {
    expect(returnPath('https://evil.com/', place)).toBeNull();
    expect(returnPath('//evil.com', place)).toBeNull();
    expect(returnPath(null, place)).toBeNull();
  });
  it('formats without float noise', () => {
    expect(formatCoordinate(0.1 + 0.2)).toBe('0.3');
  });
});
