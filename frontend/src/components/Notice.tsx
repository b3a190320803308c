import './notice.css';

import type { ReactNode } from 'react';

export type NoticeTone = 'danger' | 'warning' | 'success' | 'info';

/** An alert box; dismissible when given onClose. Light enough for the public pages. */
export function Notice({
  tone,
  title,
  children,
  onClose,
  testId,
}: {
  tone: NoticeTone;
  title?: string;
  children?: ReactNode;
  onClose?: () => void;
  testId?: string;
}) {
  return (
    <div className={`el-notice el-notice--${tone}`} role={tone === 'danger' || tone === 'warning' ? 'alert' : 'status'} data-testid={testId}>
      <div className="el-notice__body">
        {title && <strong className="el-notice__title">{title}</strong>}
        {children && <div>{children}</div>}
      </div>
      {onClose && (
        <button type="button" className="el-notice__close" aria-label="Dismiss" onClick={onClose}>
          ×
        </button>
      )}
    </div>
  );
}
