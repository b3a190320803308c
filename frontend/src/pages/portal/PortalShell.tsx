import type { ReactNode } from 'react';

import { ThemeProvider } from '../../components/ThemeProvider';
import type { AccessCheck } from '../../features/auth/access';
import { PortalFrame } from './PortalFrame';

/** Every portal screen: the antd theme, and the access checks of docs/product.md#access-checks. */
export function PortalShell({ checks = ['user'], children, wide = true }: { checks?: AccessCheck[]; children: ReactNode; wide?: boolean }) {
  return (
    <ThemeProvider>
      <PortalFrame checks={checks} wide={wide}>
        {children}
      </PortalFrame>
    </ThemeProvider>
  );
}
