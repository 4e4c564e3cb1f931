/**
 * Brings a block into view when a link asks for it (my invitations in the live room, my check-ins on the check-in
 * page), and keeps it there while the blocks above it arrive (they load lazily and push it down), until the viewer
 * scrolls, touches or types, or `ms` have passed.
 */
export function keepInView(element: HTMLElement, ms = 4000): () => void {
  const viewerEvents = ['wheel', 'touchstart', 'pointerdown', 'keydown'] as const;
  let stopped = false;
  const align = () => {
    if (!stopped) element.scrollIntoView({ block: 'start' });
  };
  const stop = () => {
    if (stopped) return;
    stopped = true;
    observer.disconnect();
    clearTimeout(timer);
    for (const name of viewerEvents) window.removeEventListener(name, stop);
  };
  const observer = new ResizeObserver(align);
  observer.observe(document.body);
  const timer = setTimeout(stop, ms);
  for (const name of viewerEvents) window.addEventListener(name, stop, { passive: true });
  align();
  return stop;
}
