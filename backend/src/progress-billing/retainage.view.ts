import { type ActiveBilling, type BillingRetainageView, disputeBlocked, retainageStanding } from '@escrow/domain';

import type { BillingViewer } from './billing-commands';
import { payoutWaiverView } from './payout-waiver.view';

const payeeView = (p: { payeeId: number; amount: string }) => ({ payee_id: p.payeeId, amount: p.amount });

/**
 * The retainage held and its release, with what the asking party may do: the actions are offered
 * exactly when the decider would accept them (the same `retainageStanding`), so a screen never
 * shows a button the API refuses for a reason it could have known.
 */
export function billingRetainageView(state: ActiveBilling, viewer: BillingViewer): BillingRetainageView {
  const standing = retainageStanding(state);
  const request = state.retainageRequest;
  const dispute = state.retainageDispute ?? null;
  const party = viewer === 'customer' || viewer === 'company' ? viewer : null;
  const open = party !== null && standing.blocked === null;
  const blocked = standing.blocked;
  return {
    held: standing.total,
    held_by_payee: standing.payees.map(payeeView),
    request: request && { party: request.party, by: request.by, at: request.at, total: standing.total, payees: standing.payees.map(payeeView) },
    releases: state.retainageReleases.map((r) => {
      const payees = r.payees.map((p) => ({
        ...payeeView(p),
        paid: r.paid[p.payeeId] !== undefined,
        ...payoutWaiverView(
          state.payouts.find((o) => o.payment.kind === 'retainage' && o.payment.releaseNumber === r.releaseNumber && o.payeeId === p.payeeId),
        ),
      }));
      return {
        release_number: r.releaseNumber,
        approved_by_party: r.party ?? null,
        approved_by: r.by ?? null,
        at: r.at,
        total: r.total,
        status: payees.every((p) => p.paid) ? 'paid' : 'paying',
        payees,
      };
    }),
    blocked: blocked && { code: blocked.code as NonNullable<BillingRetainageView['blocked']>['code'], message: blocked.message },
    can_request: open && request === null,
    can_approve: open && request !== null && request.party !== party,
    can_dispute: party !== null && disputeBlocked(state) === null,
    dispute: dispute && {
      dispute_id: dispute.disputeId,
      party: dispute.party,
      by: dispute.by,
      at: dispute.at,
      statement: dispute.statement,
      proposal: dispute.proposal && {
        proposal_id: dispute.proposal.proposalId,
        resolution: dispute.proposal.resolution,
        amount: dispute.proposal.amount,
        by: dispute.proposal.by,
        at: dispute.proposal.at,
      },
    },
    decisions: (state.retainageDecisions ?? []).map((d) => ({
      dispute_id: d.disputeId,
      resolution: d.resolution,
      amount: d.amount,
      by: d.by,
      approved_by: d.approvedBy,
      note: d.note,
      at: d.at,
    })),
  };
}
