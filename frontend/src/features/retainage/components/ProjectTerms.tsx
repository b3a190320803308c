import { SITE_STATES, type SiteState, STATE_NAMES } from '@escrow/domain';
import { Alert, App, Button, Modal } from 'antd';
import { useState } from 'react';

import { LazyInput } from '../../../components/LazyInput';
import { errorMessage } from '../../../lib/api-client';
import { type RetainageView, useSetTerms } from '../api/retainage';

/**
 * The project's terms of now (issue 17): its retainage percentage and the job site's state. Either
 * party changes them; milestone versions proposed afterwards take them, and both parties approve
 * them with the version.
 */
export function ProjectTerms({ retainage, projectId, isDraft }: { retainage: RetainageView; projectId: number; isDraft: boolean }) {
  const setTerms = useSetTerms(projectId);
  const { message } = App.useApp();
  const [editing, setEditing] = useState(false);
  const [percent, setPercent] = useState(retainage.retainage_percent);
  const [state, setState] = useState<SiteState | null>(retainage.site_state);
  // Fixed at submission, named or not: the milestones both parties agreed name it (or no waivers).
  const stateFixed = !isDraft;
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
        {retainage.your_party && (
          <Button type="link" onClick={open} aria-haspopup="dialog">
            Edit terms
          </Button>
        )}
      </p>
      <Modal
        open={editing}
        title="Project terms"
        okText="Save terms"
        onOk={save}
        confirmLoading={setTerms.isPending}
        onCancel={() => setEditing(false)}
        destroyOnHidden
      >
        <p className="el-muted">New milestone versions take these terms when they are proposed; an approved version keeps its own.</p>
        <label className="el-field" htmlFor={`retainage-${projectId}`}>
          Retainage (percent of each payment, 0 to 10)
          <LazyInput id={`retainage-${projectId}`} inputMode="decimal" value={percent} onChange={(e) => setPercent(e.target.value)} suffix="%" />
        </label>
        <label className="el-field" htmlFor={`site-state-${projectId}`}>
          Job site's state (names the lien-waiver law)
          <select
            id={`site-state-${projectId}`}
            value={state ?? ''}
            disabled={stateFixed}
            onChange={(e) => setState(e.target.value === '' ? null : (e.target.value as SiteState))}
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
            {retainage.site_state
              ? "The job site's state is fixed once the project is submitted: lien waivers name it."
              : "The job site's state can only be named before the project is submitted: its milestones were agreed without lien waivers."}
          </p>
        )}
        {!isDraft && <p className="el-muted">Changing the retainage changes the escrow agreement: both parties sign it again before the next deposit.</p>}
        {setTerms.isError && <Alert type="error" showIcon role="alert" title={errorMessage(setTerms.error)} />}
      </Modal>
    </section>
  );
}
