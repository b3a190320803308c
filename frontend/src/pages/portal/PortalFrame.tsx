import '../../features/milestones/components/milestone-card.css';

import type { ReactNode } from 'react';

import type { AccessCheck } from '../../features/auth/access';
import { RequireAccess } from '../../features/auth/components/RequireAccess';

/**
 * A portal screen's frame without the antd theme: the access checks of docs/product.md#access-checks and the page's box.
 * For a screen that loads Ant Design only for what opens later (the project list, the project
 * page); every other portal screen takes `PortalShell`. `appText`: the text of antd's App box
 * (14px, as PortalShell's screens have it), for a screen that keeps the look it had in antd.
 */
export function PortalFrame({
  checks = ['user'],
  children,
  wide = true,
  appText = false,
}: {
  checks?: AccessCheck[];
  children: ReactNode;
  wide?: boolean;
  appText?: boolean;
}) {
  const frame = (
    <RequireAccess checks={checks}>
      <div className="el-page el-container" style={wide ? undefined : { maxWidth: 760 }}>
        {children}
      </div>
    </RequireAccess>
  );
  return appText ? <div className="el-app-text">{frame}</div> : frame;
}
