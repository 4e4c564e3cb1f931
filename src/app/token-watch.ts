/**
 * A viewer who edits the token in the address bar gets the new event at once: the launch token follows the address
 * (hash or query) whenever a different token appears there, and the event detail loads again. An address without a
 * token (a link inside the app that does not repeat it) keeps the current event.
 */
import { launchParams, launchStore } from '../lib/launch';

export function tokenFromAddress(href: string): string | null {
  const token = launchParams(href).get('token');
  return token ? token : null;
}

export function watchVideoToken(target: Window, onChange: (token: string) => void): () => void {
  const check = () => {
    const token = tokenFromAddress(target.location.href);
    if (token === null || token === launchStore.get().videoToken) return;
    launchStore.update((draft) => {
      draft.videoToken = token;
    });
    onChange(token);
  };
  target.addEventListener('hashchange', check);
  target.addEventListener('popstate', check);
  return () => {
    target.removeEventListener('hashchange', check);
    target.removeEventListener('popstate', check);
  };
}
