import '../../features/milestones/components/milestone-card.css';

import type { ReactNode } from 'react';

import { ThemeProvider } from '../../app/ThemeProvider';
import type { AccessCheck } from '../../features/auth/access';
import { RequireAccess } from '../../features/auth/components/RequireAccess';

/** Every portal screen: the antd theme, and the access checks of spec §6. */
export function PortalShell({ checks = ['user'], children, wide = true }: { checks?: AccessCheck[]; children: ReactNode; wide?: boolean }) {
  return (
    <ThemeProvider>
      <RequireAccess checks={checks}>
        <div className="el-page el-container" style={wide ? undefined : { maxWidth: 760 }}>
          {children}
        </div>
      </RequireAccess>
    </ThemeProvider>
  );
}
