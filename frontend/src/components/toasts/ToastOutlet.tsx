import { App } from 'antd';
import { useEffect } from 'react';

import { ThemeProvider } from '../ThemeProvider';
import type { ToastCall, ToastSink } from './toast-call';

function Bridge({ attach }: { attach: (sink: ToastSink | null) => void }) {
  const api = App.useApp();
  useEffect(() => {
    attach((call: ToastCall) => {
      const method = api[call.api][call.level] as (...args: unknown[]) => unknown;
      void method(...call.args);
    });
    return () => attach(null);
  }, [api, attach]);
  return null;
}

/** antd's message and notification holders under our theme: loaded with the first toast (toasts.tsx). */
export default function ToastOutlet({ attach }: { attach: (sink: ToastSink | null) => void }) {
  return (
    <ThemeProvider>
      <Bridge attach={attach} />
    </ThemeProvider>
  );
}
