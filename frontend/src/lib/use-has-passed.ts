import { useEffect, useState } from 'react';

/**
 * Whether an instant (ISO text) has passed. The component renders again when it passes, so a
 * deadline reached while the page is open changes what is offered without a reload.
 */
export function useHasPassed(instant: string | null): boolean {
  const at = instant === null ? null : Date.parse(instant);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (at === null || at <= now) return;
    // setTimeout holds at most 2^31-1 ms; a later instant is checked again then.
    const timer = setTimeout(() => setNow(Date.now()), Math.min(at - now, 2_147_483_647));
    return () => clearTimeout(timer);
  }, [at, now]);
  return at !== null && at <= now;
}
