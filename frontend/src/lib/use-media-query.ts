import { useSyncExternalStore } from 'react';

/**
 * Whether a CSS media query matches now, following the window as it changes (antd's
 * `Grid.useBreakpoint` without the UI library, for pages that load none on their first paint).
 */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (changed) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', changed);
      return () => list.removeEventListener('change', changed);
    },
    () => window.matchMedia(query).matches,
    () => false,
  );
}
