import { useEffect, useState } from 'react';

/**
 * Whether an element has come within `margin` of the viewport yet (once true, it stays true), and
 * the ref to put on it. For what a screen draws only when it is about to be seen: the dashboard's
 * charts, below the fold of a phone. Without IntersectionObserver (jsdom) everything counts as seen.
 */
export function useSeen(margin = '200px'): [(element: Element | null) => void, boolean] {
  const [element, setElement] = useState<Element | null>(null);
  const [seen, setSeen] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    if (seen || !element) return;
    const observer = new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && setSeen(true), { rootMargin: margin });
    observer.observe(element);
    return () => observer.disconnect();
  }, [element, margin, seen]);
  return [setElement, seen];
}
