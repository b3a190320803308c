import { useEffect, useState } from 'react';

/**
 * True once `ready` has been true through a paint: what it gates is drawn in the frame after the
 * one that showed the rest. A deferred render (useDeferredValue) is not enough for that, because
 * React often finishes it before the browser paints; this waits for the next frame, then a task.
 */
export function useAfterPaint(ready: boolean): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    if (!ready || painted) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => setPainted(true), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      if (timer !== undefined) clearTimeout(timer);
    };
  }, [ready, painted]);
  return ready && painted;
}
