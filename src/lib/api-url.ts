/**
 * A call's URL, built the same way by the start-up (src/boot/start.ts, which asks before the entry has downloaded)
 * and by the API client: the start-up's early answer is used only for the very same URL.
 */
export function apiUrl(
  origin: string,
  path: string,
  query: URLSearchParams,
  launch: { locale: string; inviteId: string },
): string {
  query.set('locale', launch.locale);
  if (launch.inviteId) query.set('inviteId', launch.inviteId);
  return `${origin}${path}?${query.toString()}`;
}
