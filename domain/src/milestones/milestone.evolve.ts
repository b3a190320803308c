import { assertNever } from '../shared/command';
import type { MilestoneEvent, Party } from './events';
import type { ActiveMilestone, MilestoneState, VersionState } from './milestone.state';

const noApprovals = () => ({ customer: 'pending' as const, company: 'pending' as const });

function newVersion(
  data: {
    versionId: number;
    title: string;
    definition: string;
    position: number;
    terms: VersionState['terms'];
    proposedBy: number;
    proposedByParty: Party;
    at: string;
  },
  isOriginal: boolean,
  basedOnVersionId: number | null,
): VersionState {
  return {
    versionId: data.versionId,
    isOriginal,
    basedOnVersionId,
    title: data.title,
    definition: data.definition,
    position: data.position,
    terms: data.terms,
    proposedBy: data.proposedBy,
    proposedByParty: data.proposedByParty,
    proposedAt: data.at,
    approvals: noApprovals(),
    approvedBy: { customer: null, company: null },
    status: 'proposed',
    agreedAt: null,
  };
}

function updateVersion(state: ActiveMilestone, versionId: number, change: (v: VersionState) => VersionState): VersionState[] {
  return state.versions.map((v) => (v.versionId === versionId ? change(v) : v));
}

/** Applies one event. Never reads the clock, never makes ids: everything comes in the event. */
export function evolveMilestone(state: MilestoneState, event: MilestoneEvent): MilestoneState {
  if (event.type === 'MilestoneProposed') {
    const d = event.data;
    return {
      status: 'active',
      originalId: d.originalId,
      jobId: d.jobId,
      customerId: d.customerId,
      companyId: d.companyId,
      createdAt: d.at,
      versions: [newVersion(d, true, null)],
      currentVersionId: null,
      completion: { customer: false, company: false },
      completedBy: { customer: null, company: null },
      completedByBoth: false,
      completedAt: null,
      deposits: [],
      disbursements: [],
      refunds: [],
      disputes: [],
      responseDeadline: null,
      updatedAt: d.at,
      retainageReleases: [],
      retainageRefunds: [],
      waivers: [],
      reminders: [],
    };
  }
  if (state.status !== 'active') return state;
  const s: ActiveMilestone = { ...state, updatedAt: event.data.at };
  switch (event.type) {
    case 'MilestoneEditProposed':
      return { ...s, versions: [...s.versions, newVersion(event.data, false, event.data.basedOnVersionId)] };
    case 'MilestoneVersionApproved': {
      const { versionId, party, by } = event.data;
      return {
        ...s,
        versions: updateVersion(s, versionId, (v) => ({
          ...v,
          approvals: { ...v.approvals, [party]: 'approved' },
          approvedBy: { ...v.approvedBy, [party]: by },
        })),
      };
    }
    case 'MilestoneVersionRejected': {
      const { versionId, party } = event.data;
      return {
        ...s,
        versions: updateVersion(s, versionId, (v) => ({
          ...v,
          approvals: { ...v.approvals, [party]: 'rejected' },
          approvedBy: { ...v.approvedBy, [party]: null },
        })),
      };
    }
    case 'MilestoneVersionAgreed': {
      const { versionId, replacedVersionId, closedVersionIds, at } = event.data;
      const closed = new Set(closedVersionIds);
      return {
        ...s,
        currentVersionId: versionId,
        versions: s.versions.map((v) =>
          v.versionId === versionId
            ? { ...v, status: 'current', agreedAt: at }
            : v.versionId === replacedVersionId
              ? { ...v, status: 'replaced' }
              : closed.has(v.versionId)
                ? { ...v, status: 'closed' }
                : v,
        ),
      };
    }
    case 'DepositRequested': {
      const d = event.data;
      return {
        ...s,
        deposits: [
          ...s.deposits,
          {
            depositId: d.depositId,
            versionId: d.versionId,
            amount: d.amount,
            status: 'pending',
            requestedBy: d.requestedBy,
            requestedAt: d.at,
            bankAccountLast4: d.bankAccountLast4,
            settledAt: null,
            clearsAt: null,
            clearedAt: null,
            failureReason: null,
            returnedAt: null,
            returnCode: null,
          },
        ],
      };
    }
    case 'DepositSettled': {
      const d = event.data;
      return {
        ...s,
        responseDeadline: d.responseDeadline,
        deposits: s.deposits.map((x) =>
          x.depositId === d.depositId ? { ...x, status: 'settled', settledAt: d.at, clearsAt: d.clearsAt, clearedAt: d.clearedOnSettlement ? d.at : null } : x,
        ),
      };
    }
    case 'DepositFailed': {
      const d = event.data;
      return { ...s, deposits: s.deposits.map((x) => (x.depositId === d.depositId ? { ...x, status: 'failed', failureReason: d.reason } : x)) };
    }
    case 'DepositCleared': {
      const d = event.data;
      return { ...s, deposits: s.deposits.map((x) => (x.depositId === d.depositId ? { ...x, clearedAt: d.at } : x)) };
    }
    case 'DepositReturned': {
      const d = event.data;
      return {
        ...s,
        deposits: s.deposits.map((x) =>
          x.depositId === d.depositId ? { ...x, status: 'returned', returnedAt: d.at, returnCode: d.returnCode, failureReason: d.reason } : x,
        ),
      };
    }
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
        disputes: s.disputes.map((x) => (x.disputeId === d.disputeId ? { ...x, response: { by: d.by, party: d.party, statement: d.statement, at: d.at } } : x)),
      };
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
    case 'LienWaiverSigned':
    case 'LienWaiverIssued': {
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
    case 'HeldFundsReminderSent': {
      const d = event.data;
      // A reminder changes no term of the escrow: the milestone's "last changed" stays.
      return { ...s, updatedAt: state.updatedAt, reminders: [...s.reminders, { reason: d.reason, to: d.to, companyId: d.companyId, day: d.day, at: d.at }] };
    }
    default:
      return assertNever(event);
  }
}

export const foldMilestone = (events: readonly MilestoneEvent[], from: MilestoneState = { status: 'none' }): MilestoneState =>
  events.reduce(evolveMilestone, from);
