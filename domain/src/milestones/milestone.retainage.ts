import { formatAmount, sum } from '../money/money';
import { notFound } from '../shared/errors';
import type { RecordRetainagePaid, RecordRetainageRefundPaid, ReleaseRetainage } from './commands';
import type { MilestoneEvent } from './events';
import { currentVersion, retainageHeldByPayee } from './milestone.money';
import type { ActiveMilestone } from './milestone.state';
import { unconditionalWaiverIssued } from './milestone.waivers';

/**
 * The project's retainage decision, applied to one milestone (docs/money.md, "Retainage"): each
 * payee's retainage still held leaves the retainage account, to the payee (RetainageReleased,
 * then paid like a disbursement) or back to the buyer (one RetainageRefundRequested). A
 * milestone that holds none, or whose retainage already left, changes nothing: the decision
 * may reach it twice (a retried fan-out).
 */
export function decideRetainageOfMilestone(
  command: ReleaseRetainage | RecordRetainagePaid | RecordRetainageRefundPaid,
  s: ActiveMilestone,
  at: string,
): MilestoneEvent[] {
  switch (command.type) {
    case 'ReleaseRetainage': {
      const held = retainageHeldByPayee(s);
      if (held.length === 0) return [];
      if (command.data.resolution === 'refund') {
        const amount = sum(held.map((p) => p.amount));
        return [
          {
            type: 'RetainageRefundRequested',
            data: {
              originalId: s.originalId,
              at,
              refundId: command.data.refundId,
              amount: formatAmount(amount),
              payees: held.map((p) => ({ payeeId: p.payeeId, companyId: p.companyId, amount: formatAmount(p.amount) })),
            },
          },
        ];
      }
      const lienWaiverState = currentVersion(s)?.terms.lienWaiverState ?? null;
      return held.map((p) => ({
        type: 'RetainageReleased' as const,
        data: {
          originalId: s.originalId,
          at,
          payeeId: p.payeeId,
          companyId: p.companyId,
          amount: formatAmount(p.amount),
          cause: command.data.cause,
          lienWaiverState,
        },
      }));
    }
    case 'RecordRetainagePaid': {
      const release = s.retainageReleases.find((r) => r.payeeId === command.data.payeeId);
      if (!release) throw notFound('release_not_found', 'There is no such retainage release.');
      if (release.status === 'paid') return []; // a repeated provider report changes nothing
      return [
        {
          type: 'RetainagePaid',
          data: {
            originalId: s.originalId,
            at,
            payeeId: release.payeeId,
            companyId: release.companyId,
            amount: release.amount,
            providerReference: command.data.providerReference,
            payoutAccount: command.data.payoutAccount ?? null,
          },
        },
        ...unconditionalWaiverIssued(s, 'retainage', release, command.data.unconditionalWaiver, at),
      ];
    }
    case 'RecordRetainageRefundPaid': {
      const refund = s.retainageRefunds.find((r) => r.refundId === command.data.refundId);
      if (!refund) throw notFound('refund_not_found', 'There is no such retainage refund.');
      if (refund.status === 'paid') return [];
      return [
        {
          type: 'RetainageRefundPaid',
          data: { originalId: s.originalId, at, refundId: refund.refundId, amount: refund.amount, providerReference: command.data.providerReference },
        },
      ];
    }
    default: {
      const unknown: never = command;
      throw new Error(`Unhandled retainage command ${JSON.stringify(unknown)}`);
    }
  }
}
