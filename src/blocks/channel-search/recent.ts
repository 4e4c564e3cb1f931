/** The viewer's recent searches in a channel, newest first, kept in this browser. */
const KEY = 'livev3:channel-search:';
const MAX = 8;

export function readRecent(channelToken: string): string[] {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(KEY + channelToken) ?? '[]');
    return Array.isArray(value)
      ? value.filter((item): item is string => typeof item === 'string').slice(0, MAX)
      : [];
  } catch {
    return [];
  }
}

export function rememberSearch(channelToken: string, keyword: string): string[] {
  const next = [keyword, ...readRecent(channelToken).filter((item) => item !== keyword)].slice(0, MAX);
  try {
    localStorage.setItem(KEY + channelToken, JSON.stringify(next));
  } catch {
    // Storage may be unavailable (private mode); recent searches then last for this page only.
  }
  return next;
}

export function clearRecent(channelToken: string): void {
  try {
    localStorage.removeItem(KEY + channelToken);
  } catch {
    // Nothing stored, nothing to clear.
  }
}
