import { useEffect, useState } from 'react';

/** Counts down whole seconds to zero (a code's resend wait); `start(n)` restarts it from n. */
export function useCountdown(): [left: number, start: (seconds: number) => void] {
  const [left, setLeft] = useState(0);
  useEffect(() => {
    if (left <= 0) return;
    const timer = setTimeout(() => setLeft(left - 1), 1000);
    return () => clearTimeout(timer);
  }, [left]);
  return [left, setLeft];
}
