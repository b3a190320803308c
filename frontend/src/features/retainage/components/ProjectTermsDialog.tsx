import { SITE_STATES, type SiteState, STATE_NAMES } from '@escrow/domain';
import { Alert, Input, Modal } from 'antd';

import { errorMessage } from '../../../lib/api-client';

export interface ProjectTermsDialogProps {
  open: boolean;
  projectId: number;
  percent: string;
  onPercent: (percent: string) => void;
  state: SiteState | null;
  onState: (state: SiteState | null) => void;
  /** The state named now, which is fixed once the project is submitted. */
  savedState: SiteState | null;
  isDraft: boolean;
  onSave: () => void;
  saving: boolean;
  /** The API's refusal of the last save, if any. */
  error: unknown;
  onCancel: () => void;
}

/** Edit terms' dialog (ProjectTerms), loaded when it first opens. */
export default function ProjectTermsDialog({
  open,
  projectId,
  percent,
  onPercent,
  state,
  onState,
  savedState,
  isDraft,
  onSave,
  saving,
  error,
  onCancel,
}: ProjectTermsDialogProps) {
  // Fixed at submission, named or not: the milestones both parties agreed name it (or no waivers).
  const stateFixed = !isDraft;
  return (
    <Modal open={open} title="Project terms" okText="Save terms" onOk={onSave} confirmLoading={saving} onCancel={onCancel} destroyOnHidden>
      <p className="el-muted">New milestone versions take these terms when they are proposed; an approved version keeps its own.</p>
      <label className="el-field" htmlFor={`retainage-${projectId}`}>
        Retainage (percent of each payment, 0 to 10)
        <Input id={`retainage-${projectId}`} inputMode="decimal" value={percent} onChange={(e) => onPercent(e.target.value)} suffix="%" />
      </label>
      <label className="el-field" htmlFor={`site-state-${projectId}`}>
        Job site's state (names the lien-waiver law)
        <select
          id={`site-state-${projectId}`}
          value={state ?? ''}
          disabled={stateFixed}
          onChange={(e) => onState(e.target.value === '' ? null : (e.target.value as SiteState))}
        >
          <option value="">None (no lien waivers)</option>
          {SITE_STATES.map((s) => (
            <option key={s} value={s}>
              {`${STATE_NAMES[s]} (${s})`}
            </option>
          ))}
        </select>
      </label>
      {stateFixed && (
        <p className="el-muted">
          {savedState
            ? "The job site's state is fixed once the project is submitted: lien waivers name it."
            : "The job site's state can only be named before the project is submitted: its milestones were agreed without lien waivers."}
        </p>
      )}
      {!isDraft && <p className="el-muted">Changing the retainage changes the escrow agreement: both parties sign it again before the next deposit.</p>}
      {error !== null && error !== undefined && <Alert type="error" showIcon role="alert" title={errorMessage(error)} />}
    </Modal>
  );
}
