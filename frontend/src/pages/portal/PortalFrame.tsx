import '../../features/milestones/components/milestone-card.css';

import type { ReactNode } from 'react';

import type { AccessCheck } from '../../features/auth/access';
import { RequireAccess } from '../../features/auth/components/RequireAccess';

/**
 * A portal screen's frame without the antd theme: the access checks of spec §6 and the page's box.
 * For a screen that loads Ant Design only for what opens later (the project list); every other
 * portal screen takes `PortalShell`.
 */
export function PortalFrame({ checks = ['user'], children, wide = true }: { checks?: AccessCheck[]; children: ReactNode; wide?: boolean }) {
  return (
    <RequireAccess checks={checks}>
      <div className="el-page el-container" style={wide ? undefined : { maxWidth: 760 }}>
        {children}
      </div>
    </RequireAccess>
  );
}
