/**
 * The requests the start-up (src/boot/start.ts) starts before the entry has downloaded: the event detail and the
 * cover it names, on a channel home the channel, on a contest page the contest (and today's ranking).
 * The API client uses an early response instead of asking again (once, and only for the very same URL and
 * Authorization), and the player library waits for the cover.
 */
/** The first screen's element, and the class <html> carries while it shows (the app's root is hidden meanwhile). */
export const SHELL_ID = 'lv-shell';
export const SHELLED_CLASS = 'lv-shelled';
/** An element of the first screen whose text (`data-early="title"`) or image (`data-early-src="cover"`) the early answer fills in. */
export const EARLY_TEXT = 'data-early';
export const EARLY_SRC = 'data-early-src';

export type EarlyRequests = {
  auth?: string;
  /** By URL. */
  responses?: Record<string, Promise<Response> | undefined>;
  coverSettled?: Promise<void>;
};

declare global {
  interface Window {
    __livev3Early?: EarlyRequests;
  }
}

const early = (): EarlyRequests | undefined =>
  typeof window === 'undefined' ? undefined : window.__livev3Early;

/** The early response for this exact GET, taken once; undefined when there is none or it failed. */
export async function takeEarlyResponse(
  method: string,
  url: string,
  auth = '',
): Promise<Response | undefined> {
  const requests = early();
  const responses = requests?.responses;
  if (method !== 'GET' || !responses || !Object.hasOwn(responses, url) || requests.auth !== auth)
    return undefined;
  const response = responses[url];
  responses[url] = undefined;
  try {
    return await response;
  } catch {
    return undefined;
  }
}

/** Resolves once the cover the inline script fetched has loaded or failed (at once when there was none). */
export function coverSettled(): Promise<void> {
  return early()?.coverSettled ?? Promise.resolve();
}
