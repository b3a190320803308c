import { type ComponentType, lazy, Suspense, useState } from 'react';

import { loadChunk } from '../lib/lazy-route';

const theme = () => import('./ThemeProvider');

/**
 * A component drawn with antd inside a page whose first paint has none (React.lazy of a named
 * export): its code and the antd theme load together when it first renders, and it renders in
 * the theme (antd's App box included, so `App.useApp()` works in it; `bare`: without the box,
 * for a component inside a line of text).
 */
export function lazyThemed<P extends object, K extends string>(load: () => Promise<Record<K, ComponentType<P>>>, name: K, { bare = false } = {}) {
  return lazy(async () => {
    const [module, { ThemeProvider }] = await Promise.all([loadChunk(load), loadChunk(theme)]);
    const Component: ComponentType<P> = module[name];
    const Themed = (props: P) => (
      <ThemeProvider bare={bare}>
        <Component {...props} />
      </ThemeProvider>
    );
    return { default: Themed };
  });
}

/**
 * A dialog (antd's Modal and what it holds) whose code loads when it first opens, not with the
 * page: the page's first paint needs no antd. Until then nothing is drawn (a modal takes no room in
 * the page, so nothing moves when it arrives); the click that opens it is kept as `open` and the
 * dialog shows once its code is in. From then on it stays mounted, open or closed, so that closing
 * hands the focus back to what opened it and `afterClose` runs as with an always-mounted Modal.
 * `preload()` fetches the code ahead, e.g. when the pointer or the focus reaches the opener.
 */
export function lazyDialog<P extends { open: boolean }>(load: () => Promise<{ default: ComponentType<P> }>) {
  const fetch = () => Promise.all([loadChunk(load), loadChunk(theme)]);
  const Chunk = lazy(async () => {
    const [{ default: Dialog }, { ThemeProvider }] = await fetch();
    const Themed = (props: P) => (
      <ThemeProvider bare>
        <Dialog {...props} />
      </ThemeProvider>
    );
    return { default: Themed };
  });
  function LazyDialog(props: P) {
    const [wanted, setWanted] = useState(props.open);
    if (props.open && !wanted) setWanted(true);
    if (!wanted) return null;
    return (
      <Suspense fallback={null}>
        <Chunk {...props} />
      </Suspense>
    );
  }
  let preloading: Promise<unknown> | null = null;
  LazyDialog.preload = () => {
    preloading ??= fetch().catch(() => {
      preloading = null;
    });
  };
  return LazyDialog;
}
