import {
  type ActiveBilling,
  applicationFigures,
  type ApplicationState,
  type BillingPayoutState,
  type BillingState,
  type ChangeOrderView,
  formatAmount,
  money,
  notFound,
  NOTHING_CERTIFIED,
  type PayApplicationFigures,
  type PayApplicationListItem,
  type PayApplicationSummaryView,
  type PayApplicationView,
  type ProgressBillingView,
  type ScheduleLineView,
  sum,
} from '@escrow/domain';

import type { BillingViewer } from './billing-commands';
import { escrowBalanceView } from './escrow.view';
import type { Unnamed } from './payee-names';
import { payoutWaiverView } from './payout-waiver.view';
import { billingRetainageView } from './retainage.view';

type Line = ActiveBilling['lines'][number];
type Summary = PayApplicationFigures['summary'];

const lineView = (l: Omit<Line, 'originalValue'>): ScheduleLineView => ({
  number: l.number,
  description: l.description,
  scheduled_value: l.scheduledValue,
  payee_id: l.payeeId,
  retainage: {
    rate: l.retainage.rate,
    reduction: l.retainage.reduction && { to_rate: l.retainage.reduction.toRate, at_percent_complete: l.retainage.reduction.atPercentComplete },
  },
});

const changeOrderView = (o: ActiveBilling['changeOrders'][number]): ChangeOrderView => ({
  change_order_id: o.changeOrderId,
  status: o.status,
  proposed_by_party: o.party,
  proposed_by: o.by,
  reason: o.reason,
  attachment_ids: o.attachmentIds,
  changes: o.changes,
  new_lines: o.newLines.map(lineView),
  net_change: o.netChange,
  proposed_at: o.proposedAt,
  decided: o.decided,
});

/** The project's billing: its method, the schedule as it stands, every version and change order. */
export function progressBillingView(
  jobId: number,
  billing: 'milestones' | 'progress',
  state: BillingState,
  viewer: BillingViewer,
): Unnamed<ProgressBillingView> {
  const empty = {
    current_version_id: null,
    current_version_number: null,
    original_contract_sum: null,
    contract_sum: null,
    lines: [],
    versions: [],
    change_orders: [],
  };
  if (state.status !== 'active')
    return { job_id: jobId, billing, viewer, ...empty, certifier: null, open_application_number: null, escrow: null, retainage: null };
  const current = state.currentVersionId !== null;
  const numberOf = (versionId: number | null) => state.versions.find((v) => v.versionId === versionId)?.number ?? null;
  const total = (pick: (l: Line) => string) => formatAmount(sum(state.lines.map((l) => money(pick(l)))));
  return {
    job_id: jobId,
    billing,
    viewer,
    current_version_id: state.currentVersionId,
    current_version_number: numberOf(state.currentVersionId),
    original_contract_sum: current ? total((l) => l.originalValue) : null,
    contract_sum: current ? total((l) => l.scheduledValue) : null,
    lines: state.lines.map((l) => {
      const toDate = state.toDate[l.number] ?? NOTHING_CERTIFIED;
      return {
        ...lineView(l),
        original_value: l.originalValue,
        work_completed: toDate.workCompleted,
        stored_materials: toDate.stored,
        retained_at_rate: toDate.atRate,
        retained_at_reduced_rate: toDate.atReducedRate,
        reduction_reached: toDate.reductionReached,
        retainage_released: toDate.retainageReleased,
        retainage_refunded: toDate.retainageRefunded ?? '0.00',
      };
    }),
    versions: state.versions.map((v) => ({
      version_id: v.versionId,
      version_number: v.number,
      based_on_version_id: v.basedOnVersionId,
      based_on_version_number: numberOf(v.basedOnVersionId),
      status: v.status,
      contract_sum: v.contractSum,
      lines: v.lines.map(lineView),
      proposed_by: v.proposedBy,
      proposed_at: v.proposedAt,
      approved_by: v.approvedBy,
      approved_at: v.approvedAt,
      rejection: v.rejection,
    })),
    change_orders: state.changeOrders.map(changeOrderView),
    certifier: state.certifier && { user_id: state.certifier.userId, named_at: state.certifier.at },
    open_application_number: state.applications.find((a) => a.status !== 'accepted')?.applicationNumber ?? null,
    escrow: escrowBalanceView(state, viewer),
    retainage: billingRetainageView(state, viewer),
  };
}

const summaryView = (s: Summary): PayApplicationSummaryView => ({
  original_contract_sum: s.originalContractSum,
  net_change_by_change_orders: s.netChangeByChangeOrders,
  contract_sum_to_date: s.contractSumToDate,
  total_completed_and_stored: s.totalCompletedAndStored,
  retainage_on_completed_work: s.retainageOnCompletedWork,
  retainage_on_stored_materials: s.retainageOnStoredMaterials,
  total_retainage: s.totalRetainage,
  total_earned_less_retainage: s.totalEarnedLessRetainage,
  previous_certificates: s.previousCertificates,
  current_payment_due: s.currentPaymentDue,
  balance_to_finish_including_retainage: s.balanceToFinishIncludingRetainage,
  retainage_refunded: s.retainageRefunded ?? '0.00',
});

/** One pay application with its G703 columns and G702 summary (as certified once certified). */
export function payApplicationView(jobId: number, a: ApplicationState, payouts: readonly BillingPayoutState[] = []): Unnamed<PayApplicationView> {
  const figures = applicationFigures(a);
  const billed = new Map(a.lines.map((l) => [l.line, l]));
  const decided = new Map((a.certification?.lines ?? []).map((l) => [l.line, l]));
  return {
    job_id: jobId,
    application_number: a.applicationNumber,
    revision: a.revision,
    period_to: a.periodTo,
    status: a.status,
    figures: a.certification ? 'certified' : 'billed',
    lines: figures.lines.map((f) => {
      const b = billed.get(f.line);
      const d = decided.get(f.line);
      return {
        line: f.line,
        description: f.description,
        payee_id: f.payeeId,
        scheduled_value: f.scheduledValue,
        previous: f.previous,
        this_period: f.thisPeriod,
        stored_materials: f.storedMaterials,
        completed_and_stored_to_date: f.completedAndStoredToDate,
        percent_complete: f.percentComplete,
        balance_to_finish: f.balanceToFinish,
        retainage: f.retainage,
        retainage_this_period: f.retainageThisPeriod,
        earned_less_retainage: f.earnedLessRetainage,
        retainage_refunded: f.retainageRefunded ?? '0.00',
        previous_certificates: f.previousCertificates,
        current_payment_due: f.currentPaymentDue,
        billed: b ? { work_this_period: b.workThisPeriod, work_percent: b.workPercent, stored_materials: b.storedMaterials, evidence: b.evidence } : null,
        decision: d ? { decision: d.decision, reason: d.reason } : null,
      };
    }),
    summary: summaryView(figures.summary),
    billed_summary: summaryView(a.billed),
    payees: figures.payees.map((p) => ({
      payee_id: p.payeeId,
      current_payment_due: p.currentPaymentDue,
      retainage_this_period: p.retainageThisPeriod,
      retainage_held: p.retainageHeld,
    })),
    submitted_by: a.submittedBy,
    submitted_at: a.submittedAt,
    certification: a.certification && { by: a.certification.by, by_role: a.certification.byRole, at: a.certification.at },
    accepted: a.accepted,
    payment: a.payment && {
      total: a.payment.total,
      status: paymentStatus(a),
      funded_at: a.funding?.at ?? null,
      payees: a.payment.payees.map((p) => {
        const payout = payouts.find((o) => o.payment.kind === 'application' && o.payment.applicationNumber === a.applicationNumber && o.payeeId === p.payeeId);
        return {
          payee_id: p.payeeId,
          amount: p.amount,
          paid: a.payment!.paid[p.payeeId] !== undefined,
          // Before it is funded, the payment already says whether its payouts will wait for waivers.
          ...payoutWaiverView(payout, Boolean(a.payment!.lienWaiverState)),
        };
      }),
    },
    revisions: a.revisions.map((r) => ({ revision: r.revision, submitted_at: r.submittedAt, certified: r.certification !== null })),
  };
}

function paymentStatus(a: ApplicationState): 'awaiting_funds' | 'paying' | 'paid' {
  if (!a.funding) return 'awaiting_funds';
  return a.payment!.payees.every((p) => a.payment!.paid[p.payeeId] !== undefined) ? 'paid' : 'paying';
}

export function payApplicationList(state: BillingState): PayApplicationListItem[] {
  if (state.status !== 'active') return [];
  return state.applications.map((a) => ({
    application_number: a.applicationNumber,
    revision: a.revision,
    period_to: a.periodTo,
    status: a.status,
    current_payment_due: (a.certification?.summary ?? a.billed).currentPaymentDue,
    submitted_at: a.submittedAt,
  }));
}

/** The application numbered `applicationNumber`, or 404. */
export function applicationOf(state: BillingState, applicationNumber: number): ApplicationState {
  const found = state.status === 'active' ? state.applications.find((a) => a.applicationNumber === applicationNumber) : undefined;
  if (!found) throw notFound('application_not_found', 'There is no such pay application.');
  return found;
}

/** The application a submission just added: the last one. */
export function latestApplication(state: BillingState): ApplicationState {
  const last = state.status === 'active' ? state.applications.at(-1) : undefined;
  if (!last) throw notFound('application_not_found', 'There is no such pay application.');
  return last;
}
