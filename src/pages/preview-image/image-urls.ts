/**
 * The preview's query: `urls` (comma-separated, or repeated `urls=` parameters) and `current` (an index, or one of
 * the URLs as WeChat's previewImage takes it). Only http(s) addresses and same-origin paths ('/img/a.png') are shown; anything else
 * (javascript:, data:, blob:) is dropped.
 */
export function safeImageUrl(raw: string, origin: string): string | null {
  const value = raw.trim();
  if (value === '') return null;
  let url: URL;
  try {
    url = new URL(value, origin);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  if (url.username !== '' || url.password !== '') return null;
  const absolute = /^https?:\/\//i.test(value);
  // A relative address must be rooted ('/img/a.png'): a bare word is more likely a fragment of a split URL.
  if (!absolute && !(value.startsWith('/') && !value.startsWith('//'))) return null;
  return url.href;
}

export type PreviewQuery = { urls: string[]; current: number };

export function parsePreviewQuery(params: URLSearchParams, origin: string): PreviewQuery {
  const urls = params
    .getAll('urls')
    .flatMap((value) => value.split(','))
    .map((value) => safeImageUrl(value, origin))
    .filter((value): value is string => value !== null);
  const current = params.get('current')?.trim() ?? '';
  let index = /^\d+$/.test(current) ? Number(current) : -1;
  if (index < 0 && current !== '') index = urls.indexOf(safeImageUrl(current, origin) ?? '');
  return { urls, current: index >= 0 && index < urls.length ? index : 0 };
}
