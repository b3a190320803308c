import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router-dom';

/**
 * A new page in this single-page app is not a page load: the focus would stay on the link or
 * button that led there (now gone), and a screen reader would say nothing. When the path changes,
 * the focus moves here, to the top of the document (so Tab starts again at "Skip to main
 * content", as after a load), and the new page's heading is said politely. A change of the query
 * alone (a tab, a filter) keeps the focus where it is.
 */
export function RouteAnnouncer() {
  const { pathname } = useLocation();
  const shown = useRef(pathname);
  const here = useRef<HTMLParagraphElement>(null);
  const [said, setSaid] = useState('');
  useEffect(() => {
    if (shown.current === pathname) return; // the first page (and React's second run of this effect in development)
    shown.current = pathname;
    here.current?.focus({ preventScroll: true });
    setSaid('');
    // The heading comes with the page's code and data: look for it for a few seconds.
    let frame = 0;
    const until = Date.now() + 5000;
    const look = () => {
      const heading = document.querySelector('main h1')?.textContent?.trim();
      if (heading) setSaid(heading);
      else if (Date.now() < until) frame = requestAnimationFrame(look);
    };
    look();
    return () => cancelAnimationFrame(frame);
  }, [pathname]);
  return (
    <p ref={here} tabIndex={-1} className="el-visually-hidden" aria-live="polite" data-testid="route-announcer">
      {said}
    </p>
  );
}
