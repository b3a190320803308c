import { formatAmount, money } from '../money/money';
import { evolveRetainageEvidence } from '../projects/project.retainage-evidence';
import { assertNever } from '../shared/command';
import type { ActiveBilling, ApplicationState, BillingBalanceReturn, BillingDepositState, BillingState, PaymentState } from './billing.state';
import type { BillingEvent } from './events';
import { NOTHING_CERTIFIED } from './pay-application.figures';

/** Applies one event of `billing-<jobId>`. Never reads the clock, never decides. */
export function evolveBilling(state: BillingState, event: BillingEvent): BillingState {
  if (state.status === 'active') return { ...evolveActive(state, event), updatedAt: event.data.at };
  if (event.type !== 'ScheduleVersionProposed') return state;
  const d = event.data;
  const started: ActiveBilling = {
    status: 'active',
    jobId: d.jobId,
    customerId: d.customerId,
    companyId: d.companyId,
    versions: [],
    currentVersionId: null,
    lines: [],
    toDate: {},
    certifier: null,
    applications: [],
    changeOrders: [],
    retainageRequest: null,
    retainageReleases: [],
    deposits: [],
    payouts: [],
    updatedAt: d.at,
  };
  return evolveActive(started, event);
}

export const foldBilling = (events: readonly BillingEvent[], from: BillingState = { status: 'none' }): BillingState => events.reduce(evolveBilling, from);

function evolveActive(s: ActiveBilling, event: BillingEvent): ActiveBilling {
  switch (event.type) {
    case 'ScheduleVersionProposed': {
      const d = event.data;
      const version = {
        versionId: d.versionId,
        number: s.versions.length + 1,
        basedOnVersionId: d.basedOnVersionId,
        lines: d.lines,
        contractSum: d.contractSum,
        proposedBy: d.proposedBy,
        proposedAt: d.at,
        status: 'proposed' as const,
        approvedBy: null,
        approvedAt: null,
        rejection: null,
      };
      return { ...s, versions: [...s.versions, version] };
    }
    case 'ScheduleVersionApproved': {
      const { versionId, replacedVersionId, closedVersionIds, by, at } = event.data;
      const closed = new Set(closedVersionIds);
      const approved = s.versions.find((v) => v.versionId === versionId);
      return {
        ...s,
        currentVersionId: versionId,
        lines: (approved?.lines ?? []).map((l) => ({ ...l, originalValue: l.scheduledValue })),
        versions: s.versions.map((v) =>
          v.versionId === versionId
            ? { ...v, status: 'current', approvedBy: by, approvedAt: at }
            : v.versionId === replacedVersionId
              ? { ...v, status: 'replaced' }
              : closed.has(v.versionId)
                ? { ...v, status: 'closed' }
                : v,
        ),
      };
    }
    case 'ScheduleVersionRejected': {
      const { versionId, by, reason, at } = event.data;
      return { ...s, versions: s.versions.map((v) => (v.versionId === versionId ? { ...v, status: 'rejected', rejection: { by, reason, at } } : v)) };
    }
    case 'CertifierInvited': {
      const { invitationId, expiresAt, by } = event.data;
      return { ...s, certifierInvitations: { ...s.certifierInvitations, [invitationId]: { status: 'pending', expiresAt, by } } };
    }
    case 'CertifierInvitationRevoked': {
      const invitation = s.certifierInvitations?.[event.data.invitationId];
      if (!invitation) return s;
      return { ...s, certifierInvitations: { ...s.certifierInvitations, [event.data.invitationId]: { ...invitation, status: 'revoked' } } };
    }
    case 'CertifierNamed': {
      const { invitationId, userId, by, at } = event.data;
      const invitations = s.certifierInvitations ?? {};
      const invitation = invitationId === undefined ? undefined : invitations[invitationId];
      const certifierInvitations = invitation ? { ...invitations, [invitationId!]: { ...invitation, status: 'accepted' as const } } : s.certifierInvitations;
      return { ...s, certifier: { userId, namedBy: by, at }, ...(certifierInvitations ? { certifierInvitations } : {}) };
    }
    case 'CertifierRemoved':
      return { ...s, certifier: null };
    case 'PayApplicationSubmitted': {
      const d = event.data;
      const earlier = s.applications.find((a) => a.applicationNumber === d.applicationNumber);
      const application: ApplicationState = {
        applicationNumber: d.applicationNumber,
        revision: d.revision,
        periodTo: d.periodTo,
        status: 'submitted',
        lines: d.lines,
        billed: d.billed,
        submittedBy: d.by,
        submittedAt: d.at,
        certification: null,
        revisions: earlier
          ? [...earlier.revisions, { revision: earlier.revision, lines: earlier.lines, certification: earlier.certification, submittedAt: earlier.submittedAt }]
          : [],
        accepted: null,
        payment: null,
        funding: null,
        basis: earlier?.basis ?? { schedule: s.lines, previous: s.toDate },
      };
      return earlier ? updateApplication(s, d.applicationNumber, () => application) : { ...s, applications: [...s.applications, application] };
    }
    case 'PayApplicationCertified': {
      const { by, byRole, lines, summary, payees, toDate, at } = event.data;
      return updateApplication(s, event.data.applicationNumber, (a) => ({
        ...a,
        status: 'certified',
        certification: { by, byRole, lines, summary, payees, toDate, at },
      }));
    }
    case 'PayApplicationAccepted': {
      const { applicationNumber, by, automatic, at } = event.data;
      const application = s.applications.find((a) => a.applicationNumber === applicationNumber);
      return {
        ...updateApplication(s, applicationNumber, (a) => ({ ...a, status: 'accepted', accepted: { by, automatic, at } })),
        toDate: { ...s.toDate, ...application?.certification?.toDate },
      };
    }
    case 'PayApplicationPaymentReleased': {
      const { payees, total, lienWaiverState } = event.data;
      return updateApplication(s, event.data.applicationNumber, (a) => ({
        ...a,
        payment: { payees, total, paid: {}, lienWaiverState: lienWaiverState ?? null },
      }));
    }
    case 'PayApplicationPaymentFunded': {
      const { applicationNumber, payouts, drawn, retainage, at } = event.data;
      const payment = { kind: 'application' as const, applicationNumber };
      return {
        ...updateApplication(s, applicationNumber, (a) => ({ ...a, funding: { drawn, retainage, at } })),
        payouts: [...s.payouts, ...payouts.map((p) => ({ ...p, payment, fundedAt: at, paid: null }))],
      };
    }
    case 'BillingPayoutPaid': {
      const { payoutId, payment, payeeId, providerReference, at } = event.data;
      const paid = <T extends PaymentState>(p: T): T => ({ ...p, paid: { ...p.paid, [payeeId]: providerReference } });
      const payouts = s.payouts.map((p) => (p.payoutId === payoutId ? { ...p, paid: { providerReference, at } } : p));
      if (payment.kind === 'application') {
        return { ...updateApplication(s, payment.applicationNumber, (a) => (a.payment ? { ...a, payment: paid(a.payment) } : a)), payouts };
      }
      return { ...s, payouts, retainageReleases: s.retainageReleases.map((r) => (r.releaseNumber === payment.releaseNumber ? paid(r) : r)) };
    }
    case 'BillingDepositRequested': {
      const d = event.data;
      const deposit = {
        depositId: d.depositId,
        amount: d.amount,
        fee: d.fee,
        total: d.total,
        status: 'pending' as const,
        requestedBy: d.requestedBy,
        requestedAt: d.at,
        bankAccountLast4: d.bankAccountLast4,
        settledAt: null,
        clearsAt: null,
        clearedAt: null,
        failureReason: null,
        returnCode: null,
      };
      return { ...s, deposits: [...s.deposits, deposit] };
    }
    case 'BillingDepositSettled': {
      const { depositId, clearsAt, at } = event.data;
      return updateDeposit(s, depositId, (x) => ({ ...x, status: 'settled', settledAt: at, clearsAt }));
    }
    case 'BillingDepositFailed':
      return updateDeposit(s, event.data.depositId, (x) => ({ ...x, status: 'failed', failureReason: event.data.reason }));
    case 'BillingDepositCleared':
      return updateDeposit(s, event.data.depositId, (x) => ({ ...x, clearedAt: event.data.at }));
    case 'BillingDepositReturned': {
      const { depositId, returnCode, reason } = event.data;
      return updateDeposit(s, depositId, (x) => ({ ...x, status: 'returned', returnCode, failureReason: reason }));
    }
    case 'ChangeOrderProposed': {
      const d = event.data;
      const order = {
        changeOrderId: d.changeOrderId,
        party: d.party,
        by: d.by,
        reason: d.reason,
        attachmentIds: d.attachmentIds,
        changes: d.changes,
        newLines: d.newLines,
        netChange: d.netChange,
        proposedAt: d.at,
        status: 'proposed' as const,
        decided: null,
      };
      return { ...s, changeOrders: [...s.changeOrders, order] };
    }
    case 'ChangeOrderApproved': {
      const { changeOrderId, party, by, at } = event.data;
      const order = s.changeOrders.find((o) => o.changeOrderId === changeOrderId);
      if (!order) return s;
      const changed = new Map(order.changes.map((c) => [c.line, c.to]));
      return {
        ...s,
        lines: [
          ...s.lines.map((l) => (changed.has(l.number) ? { ...l, scheduledValue: changed.get(l.number)! } : l)),
          ...order.newLines.map((l) => ({ ...l, originalValue: '0.00' })),
        ],
        changeOrders: s.changeOrders.map((o) =>
          o.changeOrderId === changeOrderId ? { ...o, status: 'approved', decided: { party, by, reason: null, at } } : o,
        ),
      };
    }
    case 'ChangeOrderRejected': {
      const { changeOrderId, party, by, reason, at } = event.data;
      return {
        ...s,
        changeOrders: s.changeOrders.map((o) => (o.changeOrderId === changeOrderId ? { ...o, status: 'rejected', decided: { party, by, reason, at } } : o)),
      };
    }
    case 'BillingRetainageReleaseRequested':
      return { ...s, retainageRequest: { party: event.data.party, by: event.data.by, at: event.data.at } };
    case 'BillingRetainageReleased': {
      const { releaseNumber, lines, payees, total, payouts, party, by, disputeId, at } = event.data;
      const payment = { kind: 'retainage' as const, releaseNumber };
      const toDate = { ...s.toDate };
      for (const { line, amount } of lines) {
        const before = toDate[line] ?? NOTHING_CERTIFIED;
        toDate[line] = { ...before, retainageReleased: formatAmount(money(before.retainageReleased).plus(amount)) };
      }
      return {
        ...s,
        toDate,
        retainageRequest: null,
        retainageReleases: [...s.retainageReleases, { releaseNumber, payees, total, paid: {}, at, party, by, disputeId: disputeId ?? null }],
        payouts: [...s.payouts, ...payouts.map((p) => ({ ...p, payment, fundedAt: at, paid: null }))],
      };
    }
    case 'BillingRetainageDisputeOpened': {
      const { disputeId, party, by, statement, at } = event.data;
      // A dispute replaces a pending request: the administrator decides instead.
      return { ...s, retainageRequest: null, retainageDispute: { disputeId, party, by, statement, at, proposal: null, proposals: 0 } };
    }
    case 'BillingRetainageResolutionProposed': {
      const { proposalId, by, resolution, amount, note, at } = event.data;
      if (!s.retainageDispute) return s;
      return { ...s, retainageDispute: { ...s.retainageDispute, proposal: { proposalId, by, resolution, amount, note, at }, proposals: proposalId } };
    }
    case 'BillingRetainageResolutionApproved':
      return s.retainageDispute ? { ...s, retainageDispute: { ...s.retainageDispute, proposal: null, approvedBy: event.data.by } } : s;
    case 'BillingRetainageResolutionRejected':
      return s.retainageDispute ? { ...s, retainageDispute: { ...s.retainageDispute, proposal: null } } : s;
    case 'BillingRetainageDisputeResolved': {
      const { disputeId, resolution, amount, by, note, at } = event.data;
      const approvedBy = s.retainageDispute?.approvedBy ?? null;
      return {
        ...s,
        retainageDispute: null,
        retainageDecisions: [...(s.retainageDecisions ?? []), { disputeId, resolution, amount, by, approvedBy, note, at }],
      };
    }
    case 'BillingRetainageRefundRequested': {
      const { refundId, disputeId, lines, payees, total, at } = event.data;
      const toDate = { ...s.toDate };
      for (const { line, amount } of lines) {
        const before = toDate[line] ?? NOTHING_CERTIFIED;
        toDate[line] = { ...before, retainageRefunded: formatAmount(money(before.retainageRefunded ?? '0').plus(amount)) };
      }
      return { ...s, toDate, retainageRefunds: [...(s.retainageRefunds ?? []), { refundId, disputeId, lines, payees, total, at, paid: null }] };
    }
    case 'BillingRetainageRefundPaid': {
      const { refundId, providerReference, at } = event.data;
      return { ...s, retainageRefunds: (s.retainageRefunds ?? []).map((r) => (r.refundId === refundId ? { ...r, paid: { providerReference, at } } : r)) };
    }
    case 'BillingRetainageEvidenceAdded':
      return { ...s, retainageEvidence: evolveRetainageEvidence(s.retainageEvidence ?? [], { type: 'RetainageEvidenceAdded', data: event.data }) };
    case 'BillingRetainageEvidenceRemoved':
      return { ...s, retainageEvidence: evolveRetainageEvidence(s.retainageEvidence ?? [], { type: 'RetainageEvidenceRemoved', data: event.data }) };
    case 'BillingLienWaiverSigned':
    case 'BillingLienWaiverIssued': {
      const { payoutId, kind, waiverHash, waiverName, at } = event.data;
      const signedBy = event.type === 'BillingLienWaiverSigned' ? event.data.by : null;
      return {
        ...s,
        payouts: s.payouts.map((p) =>
          p.payoutId === payoutId ? { ...p, waivers: [...(p.waivers ?? []), { kind, waiverHash, waiverName, signedBy, at }] } : p,
        ),
      };
    }
    case 'BillingFileAdded': {
      const { attachmentId, name, size, mediaType, sha256, thumbnailSha256, originalSha256, originalSize, party, by, at } = event.data;
      const file = { attachmentId, name, size, mediaType, sha256, thumbnailSha256, originalSha256, originalSize, party, by, at };
      return { ...s, files: [...(s.files ?? []), file] };
    }
    case 'BillingShortfallReminded': {
      const { applicationNumber, period, amount, depositBy, at } = event.data;
      return { ...s, shortfallReminders: [...(s.shortfallReminders ?? []), { applicationNumber, period, amount, depositBy, at }] };
    }
    case 'BillingBalanceReturnRequested': {
      const { returnId, amount, needsSeller, by, at } = event.data;
      const entry = { returnId, amount, needsSeller, requestedBy: by, requestedAt: at, status: 'pending' as const, decided: null, refundId: null, paid: null };
      return { ...s, balanceReturns: [...(s.balanceReturns ?? []), entry] };
    }
    case 'BillingBalanceReturnApproved':
      return updateReturn(s, event.data.returnId, (r) => ({ ...r, decided: { by: event.data.by, reason: null, at: event.data.at } }));
    case 'BillingBalanceReturnDeclined': {
      const { by, reason, at } = event.data;
      return updateReturn(s, event.data.returnId, (r) => ({ ...r, status: 'declined', decided: { by, reason, at } }));
    }
    case 'BillingBalanceReturned':
      return updateReturn(s, event.data.returnId, (r) => ({ ...r, status: 'returned', refundId: event.data.refundId, returnedAt: event.data.at }));
    case 'BillingBalanceReturnPaid': {
      const { providerReference, at } = event.data;
      return updateReturn(s, event.data.returnId, (r) => ({ ...r, paid: { providerReference, at } }));
    }
    default:
      return assertNever(event);
  }
}

function updateReturn(s: ActiveBilling, returnId: number, change: (r: BillingBalanceReturn) => BillingBalanceReturn): ActiveBilling {
  return { ...s, balanceReturns: (s.balanceReturns ?? []).map((r) => (r.returnId === returnId ? change(r) : r)) };
}

function updateDeposit(s: ActiveBilling, depositId: number, change: (d: BillingDepositState) => BillingDepositState): ActiveBilling {
  return { ...s, deposits: s.deposits.map((d) => (d.depositId === depositId ? change(d) : d)) };
}

function updateApplication(s: ActiveBilling, applicationNumber: number, change: (a: ApplicationState) => ApplicationState): ActiveBilling {
  return { ...s, applications: s.applications.map((a) => (a.applicationNumber === applicationNumber ? change(a) : a)) };
}
