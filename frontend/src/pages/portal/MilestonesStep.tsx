import { formatDollars } from '@escrow/domain';
import { App } from 'antd';
import { useState } from 'react';

import { Spinner } from '../../components/Spinner';
import { space } from '../../design/tokens';
import { useMilestoneForm, useMilestones, useProposeMilestone } from '../../features/milestones/api/milestones';
import { MilestoneForm } from '../../features/milestones/components/MilestoneForm';
import { useRetainage } from '../../features/retainage/api/retainage';
import { ProjectTerms } from '../../features/retainage/components/ProjectTerms';

/** The new-project screen's milestones: the draft's terms, the milestones added so far and the form for the next one. */
export function MilestonesStep({ projectId }: { projectId: number }) {
  const { notification, message } = App.useApp();
  const form = useMilestoneForm(projectId);
  const milestones = useMilestones(projectId);
  const propose = useProposeMilestone(projectId);
  const [formKey, setFormKey] = useState(0);
  const retainage = useRetainage(projectId);
  if (!form.data) return <Spinner />;
  return (
    <>
      {/* Terms first: each milestone freezes the project's retainage and job-site state when it is added. */}
      {retainage.data && <ProjectTerms retainage={retainage.data} projectId={projectId} isDraft />}
      {milestones.data && milestones.data.length > 0 && (
        <ul className="el-plain-list" style={{ marginBottom: space.base }} aria-label="Milestones added">
          {milestones.data.map((m) => (
            <li key={m.original_id}>
              <strong>{m.title || 'Whole Project Milestone'}</strong> — deposit {formatDollars(m.deposit_total)}
            </li>
          ))}
        </ul>
      )}
      <MilestoneForm
        key={formKey}
        projectId={projectId}
        formData={form.data}
        pending={propose.isPending}
        error={propose.error}
        onSubmit={(payload) =>
          propose.mutate(payload, {
            onSuccess: () => {
              void message.success('Milestone added');
              setFormKey((k) => k + 1);
            },
            onError: () => notification.error({ title: 'Error adding milestone.', description: 'Please try again.', duration: 6 }),
          })
        }
      />
    </>
  );
}
