import type { ReactNode } from 'react';

import { ThemeProvider } from '../../components/ThemeProvider';
import { AdminFrame } from './AdminFrame';

/** Every console screen drawn with antd: the antd theme around the console's frame (AdminFrame). */
export function AdminShell({ children, bare = false }: { children: ReactNode; bare?: boolean }) {
  return (
    <ThemeProvider>
      <AdminFrame bare={bare}>{children}</AdminFrame>
    </ThemeProvider>
  );
}
