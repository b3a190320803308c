import { assertNever } from '../shared/command';
import type { MilestoneEvent } from './events';
import type { ActiveMilestone } from './milestone.state';

export type RefundEvent = Extract<MilestoneEvent, { type: 'RefundRequested' | 'RefundPaid' }>;

/** Money going back to the buyer (after the deadline, or by a dispute's resolution), then paid. */
export function evolveRefunds(s: ActiveMilestone, event: RefundEvent): ActiveMilestone {
  switch (event.type) {
    case 'RefundRequested': {
      const d = event.data;
      return {
        ...s,
        refunds: [...s.refunds, { refundId: d.refundId, amount: d.amount, reason: d.reason, status: 'requested', requestedAt: d.at, paidAt: null }],
      };
    }
    case 'RefundPaid': {
      const d = event.data;
      return { ...s, refunds: s.refunds.map((x) => (x.refundId === d.refundId ? { ...x, status: 'paid', paidAt: d.at } : x)) };
    }
    default:
      return assertNever(event);
  }
}
