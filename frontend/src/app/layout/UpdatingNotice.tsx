import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';

import { onFreshness } from '../../lib/read-your-writes';

/** How long to wait before asking again for what an answer said was not up to date yet. */
const RETRY_MS = 1000;

/**
 * "Updating…" while the API answered before its read models had caught up with the user's own
 * last change; the page's data is fetched again shortly, and the notice goes with a fresh answer.
 */
export function UpdatingNotice() {
  const queryClient = useQueryClient();
  const [stale, setStale] = useState(false);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | null = null;
    const stop = onFreshness((isStale) => {
      setStale(isStale);
      if (!isStale || timer) return;
      timer = setTimeout(() => {
        timer = null;
        void queryClient.invalidateQueries();
      }, RETRY_MS);
    });
    return () => {
      stop();
      if (timer) clearTimeout(timer);
    };
  }, [queryClient]);
  return (
    <div role="status" aria-live="polite" className="el-updating">
      {stale ? 'Updating…' : ''}
    </div>
  );
}
