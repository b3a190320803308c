import type { ProjectEvent } from '../projects/events';
import { decideRetainageEvidence } from '../projects/project.retainage-evidence';
import { partyOf, requireProgressBilled, requireSchedule } from './billing.rules';
import type { BillingState } from './billing.state';
import type { AddBillingRetainageEvidence, RemoveBillingRetainageEvidence } from './commands';
import type { BillingEvent } from './events';

/**
 * Evidence in a progress-billed project's retainage dispute: the milestone project's rules
 * (decideRetainageEvidence: who attaches, while the dispute is open, the caps, who removes), on
 * the billing stream where the dispute is, under the billing stream's event names.
 */
export function decideBillingRetainageEvidence(command: AddBillingRetainageEvidence | RemoveBillingRetainageEvidence, state: BillingState): BillingEvent[] {
  const { metadata, project } = command;
  requireProgressBilled(project);
  const s = requireSchedule(state);
  const asProject =
    command.type === 'AddBillingRetainageEvidence'
      ? { type: 'AddRetainageEvidence' as const, data: command.data, metadata }
      : { type: 'RemoveRetainageEvidence' as const, data: command.data, metadata };
  const disputes = { dispute: s.retainageDispute ?? null, decisions: s.retainageDecisions ?? [], evidence: s.retainageEvidence ?? [] };
  return decideRetainageEvidence(asProject, disputes, { jobId: s.jobId, status: project.status }, partyOf(project, metadata), metadata).map(onBilling);
}

function onBilling(event: ProjectEvent): BillingEvent {
  if (event.type === 'RetainageEvidenceAdded') return { type: 'BillingRetainageEvidenceAdded', data: event.data };
  if (event.type === 'RetainageEvidenceRemoved') return { type: 'BillingRetainageEvidenceRemoved', data: event.data };
  throw new Error(`unexpected evidence event ${event.type}`);
}
