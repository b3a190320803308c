import { type ComponentType, lazy } from 'react';

import { CHUNK_LOAD_TIMEOUT_MS } from './timers';

export class ChunkLoadError extends Error {
  override readonly name = 'ChunkLoadError';
}

/**
 * Loads a route's code with the 120 s time-out of docs/product.md#timers. A chunk that fails (a new deploy
 * replaced it, the network dropped) becomes a ChunkLoadError the route error screen explains.
 */
export function loadChunk<T>(load: () => Promise<T>, timeoutMs = CHUNK_LOAD_TIMEOUT_MS): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkLoadError(`This page took longer than ${Math.round(timeoutMs / 1000)} seconds to load.`)), timeoutMs);
    load().then(
      (module) => {
        clearTimeout(timer);
        resolve(module);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(new ChunkLoadError(error instanceof Error ? error.message : String(error)));
      },
    );
  });
}

/** React.lazy over loadChunk, for components rendered inside a page. */
export function lazyComponent<P extends object>(load: () => Promise<{ default: ComponentType<P> }>) {
  return lazy(() => loadChunk(load));
}

/** React.lazy over loadChunk for a named export: `lazyNamed(() => import('./Dialog'), 'Dialog')`. */
export function lazyNamed<P extends object, K extends string>(load: () => Promise<Record<K, ComponentType<P>>>, name: K) {
  return lazy(async () => ({ default: (await loadChunk(load))[name] }));
}
