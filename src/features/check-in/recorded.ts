/** Tells the viewer's own list of check-ins (on the same page as the activities) that a check-in went through. */
const listeners = new Set<() => void>();

export function onCheckInRecorded(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function checkInRecorded(): void {
  for (const listener of listeners) listener();
}
