import { Spinner } from '../../../components/Spinner';
import { useToasts } from '../../../components/toasts/toasts';
import { type MilestoneView, useMilestoneForm, usePayees, useProposeMilestone } from '../api/milestones';
import { type MilestoneDraft, MilestoneForm, newPayeeRow } from './MilestoneForm';

/** The Make Edit dialog's form, titled with the milestone title; starts from the current terms (loaded when the dialog opens). */
export function EditMilestoneForm({ milestone, onClose }: { milestone: MilestoneView; onClose: () => void }) {
  const { message, notification } = useToasts();
  const form = useMilestoneForm(milestone.job_id);
  const payees = usePayees(milestone.job_id, milestone.m_id);
  const propose = useProposeMilestone(milestone.job_id);
  const ready = form.data && payees.data;
  const initial: MilestoneDraft | undefined = ready
    ? {
        mode: milestone.title || payees.data!.length > 1 ? 'multi' : 'single',
        title: milestone.title,
        definition: milestone.definition,
        amount: payees.data!.some((p) => p.type !== 'fixed') ? milestone.amount : payees.data!.length === 1 ? payees.data![0]!.amount : '',
        payees: payees.data!.map((p) => ({
          ...newPayeeRow(p.company_id, p.type, p.name),
          amount: p.type === 'fixed' ? p.amount : '',
          percentage: p.percentage ?? '',
          includeFee: p.includeFee,
        })),
      }
    : undefined;
  return (
    <>
      {!ready && <Spinner label="Loading the milestone's terms…" />}
      {ready && (
        <MilestoneForm
          projectId={milestone.job_id}
          formData={form.data!}
          initial={initial}
          originalId={milestone.original_id}
          submitLabel="Propose edit"
          pending={propose.isPending}
          error={propose.error}
          onSubmit={(payload) =>
            propose.mutate(payload, {
              onSuccess: () => {
                void message.success('Edit proposed');
                onClose();
              },
              onError: () => notification.error({ title: 'Error adding milestone.', description: 'Please try again.', duration: 6 }),
            })
          }
        />
      )}
    </>
  );
}
