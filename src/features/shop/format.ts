/** How the shop shows its times and reads ids from its page queries. */

/** Unix seconds -> 'YYYY-MM-DD HH:mm' in China Standard Time (the shop's times are the organiser's). */
export function cstDateTime(seconds: number | null | undefined): string {
  if (!seconds) return '';
  return new Date(seconds * 1000 + 8 * 3600_000).toISOString().replace('T', ' ').slice(0, 16);
}

/** A positive integer from the page query, or null. */
export function queryId(raw: string | null): number | null {
  return raw && /^\d{1,9}$/.test(raw) && Number(raw) > 0 ? Number(raw) : null;
}
