import { useQueryClient } from '@tanstack/react-query';
import type { App } from 'antd';
import { createContext, type ReactNode, Suspense, useCallback, useContext, useEffect, useMemo, useRef, useState } from 'react';

import { lazyComponent, loadChunk } from '../../lib/lazy-route';
import type { MessageLevel, ToastCall, ToastSink } from './toast-call';

type AntApi = ReturnType<typeof App.useApp>;

/** The part of antd's `App.useApp()` our screens call: the same signatures, nothing returned. */
export interface Toasts {
  message: Record<MessageLevel, (...args: Parameters<AntApi['message']['success']>) => void>;
  notification: Record<MessageLevel, (...args: Parameters<AntApi['notification']['success']>) => void>;
}

const ToastContext = createContext<Toasts | null>(null);

const load = () => import('./ToastOutlet');
const ToastOutlet = lazyComponent(load);

/**
 * Toasts without antd on the first paint: `useToasts()` has antd's message and notification API,
 * and antd (its theme, message and notification) loads with the first toast. Calls made before it
 * arrived are shown once it has, in order. It is also fetched when the first mutation starts: a
 * toast follows the API's answer, so antd is there by then.
 */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [wanted, setWanted] = useState(false);
  const queue = useRef<ToastCall[]>([]);
  const sink = useRef<ToastSink | null>(null);
  const queryClient = useQueryClient();
  useEffect(() => {
    let fetched = false;
    const unsubscribe = queryClient.getMutationCache().subscribe((event) => {
      if (fetched || event.type !== 'added') return;
      fetched = true;
      unsubscribe();
      loadChunk(load).catch(() => undefined);
    });
    return unsubscribe;
  }, [queryClient]);
  const toasts = useMemo<Toasts>(() => {
    const send =
      (api: ToastCall['api'], level: MessageLevel) =>
      (...args: unknown[]) => {
        const call = { api, level, args };
        if (sink.current) sink.current(call);
        else {
          queue.current.push(call);
          setWanted(true);
        }
      };
    const levels = (api: ToastCall['api']) =>
      Object.fromEntries((['success', 'error', 'info', 'warning'] as const).map((level) => [level, send(api, level)])) as Record<MessageLevel, () => void>;
    return { message: levels('message'), notification: levels('notification') };
  }, []);
  const attach = useCallback((to: ToastSink | null) => {
    sink.current = to;
    if (to) for (const call of queue.current.splice(0)) to(call);
  }, []);
  return (
    <ToastContext.Provider value={toasts}>
      {children}
      {wanted && (
        <Suspense fallback={null}>
          <ToastOutlet attach={attach} />
        </Suspense>
      )}
    </ToastContext.Provider>
  );
}

/** antd's message and notification, loaded when first used (see ToastProvider). */
export function useToasts(): Toasts {
  const toasts = useContext(ToastContext);
  if (!toasts) throw new Error('useToasts() needs a <ToastProvider> above it (App.tsx has one)');
  return toasts;
}
