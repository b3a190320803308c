import './light-alert.css';

import type { ReactNode } from 'react';

import { CloseOutlinedIcon } from './alert-icons';

export type NoticeTone = 'danger' | 'warning' | 'success' | 'info';

const TYPE = { danger: 'error', warning: 'warning', success: 'success', info: 'info' } as const;

/**
 * An alert box: antd's Alert under our theme (light-alert.css, from the design tokens), without
 * the library, and the only alert drawn outside antd. A title alone, words alone, or a title with
 * words under it (antd's `description`); with an icon when given one (`icon`: antd's for the tone,
 * CloseCircleFilledIcon for danger, ExclamationCircleFilledIcon for warning, CheckCircleFilledIcon
 * for success, InfoCircleFilledIcon for info; passed in, so a page loads only the paths it draws),
 * an action (`action`: a button at its end) and a Dismiss button when given onClose. Danger and
 * warning are said at once (`role="alert"`), the others politely (`role="status"`).
 */
export function Notice({
  tone,
  title,
  children,
  icon,
  action,
  onClose,
  testId,
}: {
  tone: NoticeTone;
  title?: ReactNode;
  children?: ReactNode;
  icon?: ReactNode;
  action?: ReactNode;
  onClose?: () => void;
  testId?: string;
}) {
  const described = Boolean(title) && children !== undefined && children !== null && children !== false;
  return (
    <div
      className={`el-alert el-alert--${TYPE[tone]}${described ? ' el-alert--with-description' : ''}`}
      role={tone === 'danger' || tone === 'warning' ? 'alert' : 'status'}
      data-testid={testId}
    >
      {icon && <span className="el-alert__icon">{icon}</span>}
      <div className="el-alert__section">
        {described ? (
          <>
            <div className="el-alert__title">{title}</div>
            <div className="el-alert__description">{children}</div>
          </>
        ) : (
          <div className="el-alert__title">{title ?? children}</div>
        )}
      </div>
      {action && <div className="el-alert__actions">{action}</div>}
      {onClose && (
        <button type="button" className="el-alert__close" aria-label="Dismiss" onClick={onClose}>
          <CloseOutlinedIcon />
        </button>
      )}
    </div>
  );
}
