import { type SiteState, STATE_NAMES } from '@escrow/domain';
import { useState } from 'react';

import { useCompanyPermission } from '../../../api/company-role';
import { lazyDialog } from '../../../components/lazy-antd';
import { LightButton } from '../../../components/LightButton';
import { useToasts } from '../../../components/toasts/toasts';
import { type RetainageView, useSetTerms } from '../api/retainage';

// The line is plain HTML; its dialog (antd's Modal, Input and Alert) loads when it first opens.
const ProjectTermsDialog = lazyDialog(() => import('./ProjectTermsDialog'));

/**
 * The project's terms of now (issue 17): its retainage percentage and the job site's state. Either
 * party changes them; milestone versions proposed afterwards take them, and both parties approve
 * them with the version.
 */
export function ProjectTerms({ retainage, projectId, isDraft }: { retainage: RetainageView; projectId: number; isDraft: boolean }) {
  const setTerms = useSetTerms(projectId);
  const { message } = useToasts();
  const [editing, setEditing] = useState(false);
  const edits = useCompanyPermission('projects.edit');
  const [percent, setPercent] = useState(retainage.retainage_percent);
  const [state, setState] = useState<SiteState | null>(retainage.site_state);
  const open = () => {
    setPercent(retainage.retainage_percent);
    setState(retainage.site_state);
    setEditing(true);
  };
  const save = () =>
    setTerms.mutate(
      { retainage_percent: percent.trim(), site_state: state },
      {
        onSuccess: () => {
          void message.success('Project terms saved. Milestones proposed from now on take them.');
          setEditing(false);
        },
      },
    );
  return (
    <section aria-label="Project terms" className="el-terms">
      <p>
        <strong>Retainage:</strong> {Number(retainage.retainage_percent)}% of each payment
        {' · '}
        <strong>Job site:</strong>{' '}
        {retainage.site_state ? `${STATE_NAMES[retainage.site_state]} (lien waivers with every payment)` : 'no state named (no lien waivers)'}
        {retainage.your_party && edits.allowed && (
          <LightButton variant="link" onClick={open} onPointerEnter={ProjectTermsDialog.preload} onFocus={ProjectTermsDialog.preload} aria-haspopup="dialog">
            Edit terms
          </LightButton>
        )}
        {retainage.your_party && edits.reason && <span className="el-muted"> {edits.reason}</span>}
      </p>
      <ProjectTermsDialog
        open={editing}
        projectId={projectId}
        percent={percent}
        onPercent={setPercent}
        state={state}
        onState={setState}
        savedState={retainage.site_state}
        isDraft={isDraft}
        onSave={save}
        saving={setTerms.isPending}
        error={setTerms.isError ? setTerms.error : null}
        onCancel={() => setEditing(false)}
      />
    </section>
  );
}
