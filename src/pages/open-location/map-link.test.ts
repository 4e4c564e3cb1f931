import { describe, expect, it } from 'vitest';
import { allowedMapLink, mapMarkerUrl } from './map-link';

const place = { lat: 31.2304, lng: 121.4737, name: 'Hall A', address: '1 Century Ave; Pudong' };

describe('mapMarkerUrl', () => {
  it('puts coordinates, name and address into the marker, escaping the separators', () => {
    const url = new URL(mapMarkerUrl(place));
    expect(url.host).toBe('apis.map.qq.com');
    expect(url.searchParams.get('marker')).toBe(
      'coord:31.2304,121.4737;title:Hall A;addr:1 Century Ave  Pudong',
    );
  });
  it('leaves out an empty name and address', () => {
    expect(new URL(mapMarkerUrl({ lat: 1, lng: 2 })).searchParams.get('marker')).toBe('coord:1,2');
  });
});

describe('allowedMapLink', () => {
  it('gives the link only when the map host is allowed', () => {
    expect(allowedMapLink(place, ['map.qq.com'])).toBe(mapMarkerUrl(place));
    expect(allowedMapLink(place, ['example.com'])).toBeNull();
    expect(allowedMapLink(place, [])).toBeNull();
  });
  it('never links to a non-https map base', () => {
    expect(allowedMapLink(place, ['map.example.com'], 'http://map.example.com/marker')).toBeNull();
  });
});
