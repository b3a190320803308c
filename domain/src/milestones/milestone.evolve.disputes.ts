import { assertNever } from '../shared/command';
import type { MilestoneEvent } from './events';
import type { ActiveMilestone } from './milestone.state';

export type DisputeEvent = Extract<
  MilestoneEvent,
  { type: 'DisputeOpened' | 'DisputeResponded' | 'ResolutionProposed' | 'ResolutionApproved' | 'ResolutionRejected' | 'DisputeResolved' }
>;

/** A dispute opens, gets its response, maybe a proposed resolution (four eyes), and is resolved. */
export function evolveDisputes(s: ActiveMilestone, event: DisputeEvent): ActiveMilestone {
  switch (event.type) {
    case 'DisputeOpened': {
      const d = event.data;
      return {
        ...s,
        disputes: [
          ...s.disputes,
          {
            disputeId: d.disputeId,
            openedBy: d.by,
            openedByParty: d.party,
            statement: d.statement,
            openedAt: d.at,
            response: null,
            status: 'open',
            resolution: null,
          },
        ],
      };
    }
    case 'DisputeResponded': {
      const d = event.data;
      return {
        ...s,
        disputes: s.disputes.map((x) =>
          x.disputeId === d.disputeId
            ? {
                ...x,
                response: { by: d.by, party: d.party, statement: d.statement, at: d.at },
                ...(x.proposal ? { proposal: { ...x.proposal, stale: true } } : {}),
              }
            : x,
        ),
      };
    }
    case 'ResolutionProposed': {
      const d = event.data;
      const proposal = {
        proposalId: d.proposalId,
        by: d.by,
        resolution: d.resolution,
        releaseAmount: d.releaseAmount,
        refundAmount: d.refundAmount,
        note: d.note,
        at: d.at,
        stale: false,
      };
      return { ...s, disputes: s.disputes.map((x) => (x.disputeId === d.disputeId ? { ...x, proposal, proposals: d.proposalId } : x)) };
    }
    case 'ResolutionApproved':
    case 'ResolutionRejected': {
      const d = event.data;
      return { ...s, disputes: s.disputes.map((x) => (x.disputeId === d.disputeId ? { ...x, proposal: null } : x)) };
    }
    case 'DisputeResolved': {
      const d = event.data;
      return {
        ...s,
        disputes: s.disputes.map((x) =>
          x.disputeId === d.disputeId
            ? {
                ...x,
                status: 'resolved',
                resolution: { by: d.by, resolution: d.resolution, releaseAmount: d.releaseAmount, refundAmount: d.refundAmount, note: d.note, at: d.at },
              }
            : x,
        ),
      };
    }
    default:
      return assertNever(event);
  }
}
