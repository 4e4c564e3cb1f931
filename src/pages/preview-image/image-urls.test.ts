import { describe, expect, it } from 'vitest';
import { parsePreviewQuery, safeImageUrl } from './image-urls';

const origin = 'https://live.example.com';
const query = (search: string) => parsePreviewQuery(new URLSearchParams(search), origin);

describe('safeImageUrl', () => {
  it.each([
    ['https://cdn.example.net/a.png', 'https://cdn.example.net/a.png'],
    ['http://cdn.example.net/a.png', 'http://cdn.example.net/a.png'],
    ['/livev3/img/a.png', 'https://live.example.com/livev3/img/a.png'],
  ])('keeps %s', (raw, expected) => {
    expect(safeImageUrl(raw, origin)).toBe(expected);
  });

  it.each([
    'javascript:alert(1)',
    'data:image/svg+xml,<svg onload=alert(1)>',
    'blob:https://live.example.com/1',
    'ftp://cdn.example.net/a.png',
    'https://user:pw@cdn.example.net/a.png',
    'img/a.png',
    '//evil.net/a.png',
    'AAAA',
    '',
    '   ',
  ])('drops %s', (raw) => {
    expect(safeImageUrl(raw, origin)).toBeNull();
  });
});

describe('parsePreviewQuery', () => {
  it('reads comma-separated and repeated urls, dropping unsafe ones', () => {
    const { urls } = query(
      'urls=https://a.net/1.png,javascript:alert(1)&urls=https://a.net/2.png&urls=/3.png',
    );
    expect(urls).toEqual(['https://a.net/1.png', 'https://a.net/2.png', 'https://live.example.com/3.png']);
  });

  it('reads current as an index or as one of the urls', () => {
    expect(query('urls=https://a.net/1.png,https://a.net/2.png&current=1').current).toBe(1);
    expect(query('urls=https://a.net/1.png,https://a.net/2.png&current=https://a.net/2.png').current).toBe(1);
  });

  it('falls back to the first image for a missing or out-of-range current', () => {
    expect(query('urls=https://a.net/1.png').current).toBe(0);
    expect(query('urls=https://a.net/1.png&current=7').current).toBe(0);
    expect(query('urls=https://a.net/1.png&current=-1').current).toBe(0);
    expect(query('urls=https://a.net/1.png&current=https://other/x.png').current).toBe(0);
  });

  it('gives an empty list without urls', () => {
    expect(query('')).toEqual({ urls: [], current: 0 });
  });
});
