/**
 * Whether the browser refuses to start a video with sound without the viewer's tap (a phone's browser and WeChat's web
 * view usually do; a page the viewer has already tapped, or a browser set to allow it, does not).
 *
 * Asked of a video element with no source: the browser's autoplay check comes before any loading, so a refusal is a
 * NotAllowedError at once, and a browser that would play has nothing to play. Where the answer is unclear (no play()
 * or no promise from it, another error, no answer within the task), autoplay counts as allowed: the player then tries
 * it for real, as it always did.
 */
export function autoplayRefused(): Promise<boolean> {
  return new Promise((resolve) => {
    let attempt: Promise<void> | undefined;
    try {
      attempt = document.createElement('video').play() as Promise<void> | undefined;
    } catch {
      resolve(false);
      return;
    }
    if (!attempt || typeof attempt.then !== 'function') {
      resolve(false);
      return;
    }
    attempt.then(
      () => resolve(false),
      (error: unknown) => resolve(error instanceof DOMException && error.name === 'NotAllowedError'),
    );
    setTimeout(() => resolve(false), 0);
  });
}
