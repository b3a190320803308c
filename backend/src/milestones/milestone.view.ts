import {
  type ActiveMilestone,
  approvalMessage,
  awaitingConditionalWaivers,
  canEdit,
  cardApprovalMessage,
  cardVersion,
  clearingDeposit,
  currentVersion,
  type DepositState,
  type DepositView,
  type DisbursementState,
  type DisbursementView,
  formatAmount,
  fundsCleared,
  held,
  heldFundsClock,
  type HeldFundsClockView,
  isLocked,
  MARKED_COMPLETE_BY_BOTH,
  milestoneStatus,
  type MilestoneView,
  money,
  nextAction,
  openDispute,
  paidToPayees,
  type Party,
  type PayeeView,
  pendingEdits,
  PROPOSAL_WAITING,
  refunded,
  type ResolutionProposal,
  type ResolutionProposalView,
  retainageHeld,
  retainageHeldByPayee,
  type RetainageStep,
  settledDeposits,
  showsEditHistory,
  statusColour,
  versionLabel,
  type VersionState,
  type VersionView,
  waiversOf,
} from '@escrow/domain';

import { type Names, paymentDestination, type Viewer } from '../read-models';

const isRejected = (v: VersionState) => v.approvals.customer === 'rejected' || v.approvals.company === 'rejected';
const bothApproved = (v: VersionState) => v.approvals.customer === 'approved' && v.approvals.company === 'approved';

/** A resolution waiting for a second administrator: on the milestone and in the admins' dispute list. */
export function proposalView(proposal: ResolutionProposal, names: Names): ResolutionProposalView {
  return {
    proposal_id: proposal.proposalId,
    proposed_by: names.person(proposal.by),
    proposed_by_id: proposal.by,
    resolution: proposal.resolution,
    release_amount: proposal.releaseAmount,
    refund_amount: proposal.refundAmount,
    note: proposal.note,
    proposed_at: proposal.at,
    stale: proposal.stale,
    message: PROPOSAL_WAITING,
  };
}

/** The asking user: who they are and which company they act for. */
export interface Asker {
  userId: number;
  companyId: number | null;
}

/**
 * The clock on the milestone's held funds for the asking user. `retainage` is the project's
 * retainage step (known to the project page; a single milestone's answer leaves it out).
 */
function clockView(state: ActiveMilestone, viewer: Viewer, asker: Asker, names: Names, retainage: RetainageStep | null): HeldFundsClockView {
  const clock = heldFundsClock(state, retainage);
  return {
    held_since: clock.heldSince,
    in_custody: clock.inCustody,
    retainage_held: clock.retainageHeld,
    next_date: clock.next,
    must_act: clock.mustAct.map((m) => ({
      who: m.who,
      company_id: m.companyId,
      name: m.companyId === null ? null : names.company(m.companyId),
      action: m.action,
      you:
        (m.who === 'buyer' && viewer === 'customer') ||
        (m.who === 'seller' && viewer === 'company') ||
        (m.who === 'admin' && viewer === 'admin') ||
        (m.who === 'payee' && m.companyId !== null && m.companyId === asker.companyId),
    })),
  };
}

/**
 * One milestone as GET /api/job/{id}/milestones answers it: every field of docs/product.md#milestone-fields (the
 * user-specific ones for the asking user) plus what the card needs to show its state. The card
 * shows the approved version, else the original (docs/product.md#milestone-version-labels); edits are in its edit history, and
 * the newest one still waiting for a decision is named in pending_edit.
 */
export function milestoneView(state: ActiveMilestone, viewer: Viewer, asker: Asker, names: Names, retainage: RetainageStep | null = null): MilestoneView {
  const userId = asker.userId;
  const head = cardVersion(state);
  const pendingEdit = pendingEdits(state).at(-1) ?? null;
  const current = currentVersion(state);
  const party: Party | null = viewer === 'admin' ? null : viewer;
  const completeCount = Number(state.completion.customer) + Number(state.completion.company);
  const dispute = openDispute(state) ?? state.disputes[state.disputes.length - 1] ?? null;
  const waivers = waiversOf(state);
  return {
    m_id: head.versionId,
    original_id: state.originalId,
    job_id: state.jobId,
    title: head.title,
    definition: head.definition,
    position: head.position,
    author_id: head.proposedBy,
    author_name: names.person(head.proposedBy),
    author_company_role: names.authorRole?.(head.versionId) ?? null,
    author_party: head.proposedByParty === 'customer' ? 'buyer' : 'seller',
    locked: isLocked(state),
    is_current: head.status === 'current',
    is_original: head.isOriginal,
    edit_is_current: current !== null && !current.isOriginal,
    has_current_edit: current !== null && !current.isOriginal,
    user_is_customer: viewer === 'customer',
    user_created_edits: state.versions.some((v) => !v.isOriginal && v.proposedBy === userId),
    user_marked_complete: party ? state.completion[party] : false,
    edit_count: state.versions.filter((v) => !v.isOriginal).length,
    rejected_count: state.versions.filter(isRejected).length,
    not_approved_count: state.versions.filter((v) => v.status === 'proposed' && !bothApproved(v)).length,
    complete_count: completeCount,
    incomplete_count: 2 - completeCount,
    deposit_count: state.deposits.length,
    attachment_count: state.attachments.length,
    deposit_sum: formatAmount(settledDeposits(state)),
    deposit_total: head.terms.depositTotal,
    user_approval_status: party ? head.approvals[party] : 'pending',
    primary_company_name: names.company(state.companyId),
    customer_name: names.person(state.customerId),
    total_disbursements_planned: head.terms.netTotal,
    total_disbursed: formatAmount(paidToPayees(state)),
    // What the card shows besides the fields of docs/product.md#milestone-fields.
    amount: head.terms.amount,
    fee_total: head.terms.feeTotal,
    label: versionLabel(state, head),
    status: milestoneStatus(state),
    status_colour: statusColour(milestoneStatus(state)),
    approval_message: cardApprovalMessage(state, head),
    buyer_approval: head.approvals.customer,
    seller_approval: head.approvals.company,
    can_edit: party !== null && canEdit(state, head),
    shows_edit_history: showsEditHistory(state, head),
    completion: { buyer: state.completion.customer, seller: state.completion.company },
    marked_complete_by_both: state.completedByBoth,
    completion_text: state.completedByBoth ? MARKED_COMPLETE_BY_BOTH : null,
    held: formatAmount(held(state)),
    refunded: formatAmount(refunded(state)),
    deposit_pending: state.deposits.some((d) => d.status === 'pending'),
    funded: current !== null && settledDeposits(state).gte(money(current.terms.depositTotal)),
    // Settled ACH funds can still be returned by the bank until they clear; payees are paid after.
    funds_cleared: fundsCleared(state),
    funds_clear_at: clearingDeposit(state)?.clearsAt ?? null,
    response_deadline: state.responseDeadline,
    next_action: party ? nextAction(state, party) : null,
    retainage_percent: head.terms.retainagePercent,
    lien_waiver_state: head.terms.lienWaiverState,
    retainage_held: formatAmount(retainageHeld(state)),
    clock: clockView(state, viewer, asker, names, retainage),
    waivers_missing: waivers.filter((w) => w.waiver === null).length,
    waivers_to_sign: awaitingConditionalWaivers(state).filter((w) => w.companyId === asker.companyId).length,
    payouts_pending: state.disbursements.some((d) => d.status !== 'paid') || state.retainageReleases.some((r) => r.status !== 'paid'),
    pending_edit: pendingEdit
      ? {
          m_id: pendingEdit.versionId,
          author_id: pendingEdit.proposedBy,
          author_name: names.person(pendingEdit.proposedBy),
          author_company_role: names.authorRole?.(pendingEdit.versionId) ?? null,
          author_party: pendingEdit.proposedByParty === 'customer' ? ('buyer' as const) : ('seller' as const),
          user_approval_status: party ? pendingEdit.approvals[party] : 'pending',
          buyer_approval: pendingEdit.approvals.customer,
          seller_approval: pendingEdit.approvals.company,
          approval_message: approvalMessage(pendingEdit),
        }
      : null,
    dispute: dispute
      ? {
          dispute_id: dispute.disputeId,
          status: dispute.status,
          opened_by: names.person(dispute.openedBy),
          opened_by_party: dispute.openedByParty === 'customer' ? 'buyer' : 'seller',
          statement: dispute.statement,
          opened_at: dispute.openedAt,
          response: dispute.response ? { by: names.person(dispute.response.by), statement: dispute.response.statement, at: dispute.response.at } : null,
          resolution: dispute.resolution
            ? {
                resolution: dispute.resolution.resolution,
                release_amount: dispute.resolution.releaseAmount,
                refund_amount: dispute.resolution.refundAmount,
                note: dispute.resolution.note,
                at: dispute.resolution.at,
              }
            : null,
          proposal: dispute.proposal ? proposalView(dispute.proposal, names) : null,
        }
      : null,
  };
}

/** A deposit as GET /api/milestone/{id}/deposits and POST /api/milestone/deposit answer it (docs/product.md#deposit). */
export function depositView(d: DepositState): DepositView {
  return {
    md_id: d.depositId,
    m_id: d.versionId,
    amount: d.amount,
    created: d.requestedAt,
    payment_status: d.status,
    deposit_complete: d.status === 'settled',
    settled_at: d.settledAt,
    clears_at: d.clearsAt,
    cleared_at: d.clearedAt,
    returned_at: d.returnedAt,
    return_code: d.returnCode,
    failure_reason: d.failureReason,
    bank_last4: d.bankAccountLast4,
  };
}

/** A version as GET /api/milestone/{id}/edits answers it. */
export function versionView(state: ActiveMilestone, version: VersionState, names: Names): VersionView {
  return {
    m_id: version.versionId,
    original_id: state.originalId,
    job_id: state.jobId,
    is_original: version.isOriginal,
    is_current: version.status === 'current',
    based_on: version.basedOnVersionId,
    title: version.title,
    definition: version.definition,
    position: version.position,
    author_id: version.proposedBy,
    author_name: names.person(version.proposedBy),
    author_company_role: names.authorRole?.(version.versionId) ?? null,
    author_party: version.proposedByParty === 'customer' ? 'buyer' : 'seller',
    created: version.proposedAt,
    label: versionLabel(state, version),
    status: version.status,
    buyer_approval: version.approvals.customer,
    seller_approval: version.approvals.company,
    approval_message: approvalMessage(version),
    amount: version.terms.amount,
    fee_total: version.terms.feeTotal,
    deposit_total: version.terms.depositTotal,
    retainage_percent: version.terms.retainagePercent,
    retainage_total: version.terms.retainageTotal,
    lien_waiver_state: version.terms.lienWaiverState,
    payees: version.terms.payees.map((p) => ({
      mp_id: p.payeeId,
      company_id: p.companyId,
      name: names.company(p.companyId),
      type: p.type,
      percentage: p.percentDecimal === null ? null : money(p.percentDecimal).times(100).toString(),
      amount: p.amount,
      includeFee: p.includeFee,
      fee: p.fee,
      net: p.net,
      amt_bc_owes: p.buyerOwes,
      retainage: p.retainage,
    })),
  };
}

/** The payees of a version, with what each has been paid (docs/product.md#payee). */
export function payeesView(state: ActiveMilestone, version: VersionState, names: Names): PayeeView[] {
  const heldByPayee = retainageHeldByPayee(state);
  const awaiting = waiversOf(state).filter((w) => w.kind === 'conditional' && w.waiver === null);
  return version.terms.payees.map((p): PayeeView => {
    const current = version.status === 'current';
    const disbursement = current ? (state.disbursements.find((d) => d.payeeId === p.payeeId) ?? null) : null;
    const release = current ? (state.retainageReleases.find((r) => r.payeeId === p.payeeId) ?? null) : null;
    const paid = (disbursement?.status === 'paid' ? money(disbursement.amount) : money(0)).plus(release?.status === 'paid' ? release.amount : 0);
    return {
      jc_id: p.companyId,
      mp_id: p.payeeId,
      company_id: p.companyId,
      name: names.company(p.companyId),
      type: p.type,
      percentage: p.percentDecimal === null ? null : money(p.percentDecimal).times(100).toString(),
      percent_decimal: p.percentDecimal,
      amount: p.amount,
      includeFee: p.includeFee,
      feeIncluded: p.includeFee,
      fee: p.fee,
      net: p.net,
      amt_bc_owes: p.buyerOwes,
      amt_remaining: formatAmount(money(p.net).minus(paid)),
      disbursement_sum: formatAmount(paid),
      disbursement: disbursement
        ? {
            name: names.company(p.companyId),
            amount: disbursement.amount,
            status: disbursement.status,
            paid_at: disbursement.paidAt,
            ...paymentDestination(disbursement, names),
          }
        : null,
      retainage: disbursement ? disbursement.retainage : p.retainage,
      retainage_held: formatAmount(current ? (heldByPayee.find((h) => h.payeeId === p.payeeId)?.amount ?? money(0)) : money(0)),
      retainage_release: release ? { amount: release.amount, status: release.status, paid_at: release.paidAt, ...paymentDestination(release, names) } : null,
      awaiting_waiver: current && awaiting.some((w) => w.payeeId === p.payeeId),
    };
  });
}

/** A disbursement as GET /api/milestone/{id}/disbursements answers it. */
export function disbursementView(d: DisbursementState, names: Names): DisbursementView {
  return {
    disbursement_id: d.disbursementId,
    mp_id: d.payeeId,
    company_id: d.companyId,
    name: names.company(d.companyId),
    amount: d.amount,
    fee: d.fee,
    status: d.status,
    cause: d.cause,
    created: d.requestedAt,
    paid_at: d.paidAt,
    retainage: d.retainage,
    ...paymentDestination(d, names),
  };
}

export type { DepositView, DisbursementView, MilestoneView, PayeeView, VersionView };
