import { assertNever } from '../shared/command';
import type { MilestoneEvent } from './events';
import type { ActiveMilestone } from './milestone.state';

export type CompletionEvent = Extract<
  MilestoneEvent,
  { type: 'MilestoneMarkedComplete' | 'MilestoneCompletionWithdrawn' | 'MilestoneCompletedByBoth' | 'DisbursementRequested' | 'DisbursementPaid' }
>;

/** Each party marks the milestone complete (or takes it back); completion by both requests the payouts. */
export function evolveCompletion(s: ActiveMilestone, event: CompletionEvent): ActiveMilestone {
  switch (event.type) {
    case 'MilestoneMarkedComplete':
      return { ...s, completion: { ...s.completion, [event.data.party]: true }, completedBy: { ...s.completedBy, [event.data.party]: event.data.by } };
    case 'MilestoneCompletionWithdrawn':
      return { ...s, completion: { ...s.completion, [event.data.party]: false }, completedBy: { ...s.completedBy, [event.data.party]: null } };
    case 'MilestoneCompletedByBoth':
      return { ...s, completedByBoth: true, completedAt: event.data.at };
    case 'DisbursementRequested': {
      const d = event.data;
      return {
        ...s,
        disbursements: [
          ...s.disbursements,
          {
            disbursementId: d.disbursementId,
            payeeId: d.payeeId,
            companyId: d.companyId,
            amount: d.amount,
            fee: d.fee,
            status: 'requested',
            cause: d.cause,
            requestedAt: d.at,
            paidAt: null,
            retainage: d.retainage,
            lienWaiverState: d.lienWaiverState,
          },
        ],
      };
    }
    case 'DisbursementPaid': {
      const d = event.data;
      return {
        ...s,
        disbursements: s.disbursements.map((x) =>
          x.disbursementId === d.disbursementId ? { ...x, status: 'paid', paidAt: d.at, paidTo: d.payoutAccount ?? null } : x,
        ),
      };
    }
    default:
      return assertNever(event);
  }
}
