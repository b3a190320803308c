import { assertNever } from '../shared/command';
import type { MilestoneEvent } from './events';
import type { ActiveMilestone } from './milestone.state';

export type RetainageEvent = Extract<MilestoneEvent, { type: 'RetainageReleased' | 'RetainagePaid' | 'RetainageRefundRequested' | 'RetainageRefundPaid' }>;
export type WaiverEvent = Extract<MilestoneEvent, { type: 'LienWaiverSigned' | 'LienWaiverIssued' }>;

/** The retainage withheld from the payouts leaves at the end: to each payee, or back to the buyer. */
export function evolveRetainage(s: ActiveMilestone, event: RetainageEvent): ActiveMilestone {
  switch (event.type) {
    case 'RetainageReleased': {
      const d = event.data;
      return {
        ...s,
        retainageReleases: [
          ...s.retainageReleases,
          {
            payeeId: d.payeeId,
            companyId: d.companyId,
            amount: d.amount,
            cause: d.cause,
            status: 'requested',
            requestedAt: d.at,
            paidAt: null,
            lienWaiverState: d.lienWaiverState,
          },
        ],
      };
    }
    case 'RetainagePaid': {
      const d = event.data;
      return {
        ...s,
        retainageReleases: s.retainageReleases.map((x) =>
          x.payeeId === d.payeeId ? { ...x, status: 'paid', paidAt: d.at, paidTo: d.payoutAccount ?? null } : x,
        ),
      };
    }
    case 'RetainageRefundRequested': {
      const d = event.data;
      return {
        ...s,
        retainageRefunds: [
          ...s.retainageRefunds,
          { refundId: d.refundId, amount: d.amount, payees: d.payees, status: 'requested', requestedAt: d.at, paidAt: null },
        ],
      };
    }
    case 'RetainageRefundPaid': {
      const d = event.data;
      return { ...s, retainageRefunds: s.retainageRefunds.map((x) => (x.refundId === d.refundId ? { ...x, status: 'paid', paidAt: d.at } : x)) };
    }
    default:
      return assertNever(event);
  }
}

/** A lien waiver a payee signed, or the unconditional one issued when its payment arrived. */
export function evolveWaivers(s: ActiveMilestone, event: WaiverEvent): ActiveMilestone {
  const d = event.data;
  return {
    ...s,
    waivers: [
      ...s.waivers,
      {
        payment: d.payment,
        payeeId: d.payeeId,
        companyId: d.companyId,
        kind: d.kind,
        amount: d.amount,
        siteState: d.siteState,
        waiverHash: d.waiverHash,
        waiverName: d.waiverName,
        signedBy: event.type === 'LienWaiverSigned' ? event.data.by : null,
        at: d.at,
      },
    ],
  };
}
