import { isRouteErrorResponse, Link, useRouteError } from 'react-router-dom';

import { LightButton } from '../components/LightButton';
import { Notice } from '../components/Notice';
import { ChunkLoadError } from '../lib/lazy-route';

/** Shown when a route fails: a chunk that did not load gets a clear retry (docs/product.md#timers: 120 s time-out). */
export function RouteError() {
  const error = useRouteError();
  const chunk =
    error instanceof ChunkLoadError ||
    // A browser's own failure to load a module has no code; its words are all there is (not an API error).
    // eslint-disable-next-line no-restricted-syntax
    (error instanceof Error && /dynamically imported module|Loading chunk|Failed to fetch/i.test(error.message));
  return (
    <div className="el-page el-container el-prose">
      {chunk ? (
        <Notice tone="warning" title="This page could not be loaded.">
          <p>Your connection may have dropped, or we have just released a new version. Reload to try again.</p>
          <LightButton variant="primary" size="large" onClick={() => window.location.reload()}>
            Reload the page
          </LightButton>
        </Notice>
      ) : (
        <Notice tone="danger" title={isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : 'Something went wrong on this page.'}>
          <p>{error instanceof Error ? error.message : 'Please try again.'}</p>
          <Link to="/">Go to the home page</Link>
        </Notice>
      )}
    </div>
  );
}
