import {
  type ActiveMilestone,
  type AttachedFile,
  type AttachmentTarget,
  type BillingEvent,
  COMPANY_ROLE_LABELS,
  type CompanyRole,
  formatDollars,
  maskedAccount,
  type MilestoneEvent,
  type PaidToAccount,
  type ProjectEvent,
  type ProjectHistoryChange,
  type SiteState,
  STATE_NAMES,
  type VersionState,
  type WaiverPayment,
} from '@escrow/domain';

import type { Names } from '../../read-models';

export interface AuditRow {
  event_id: string;
  position: string;
  stream_id: string;
  original_id: number | null;
  type: string;
  actor_id: number | null;
  actor_role: string | null;
  /** The actor's role in their company when they acted (issue 37); null on older events and for others. */
  actor_company_role: CompanyRole | null;
  occurred_at: Date;
  data: Record<string, unknown>;
}

/** What an edit changed: the contract's ProjectHistoryChange. */
export type Change = ProjectHistoryChange;

const party = (p: string | null) => (p === 'customer' ? 'buyer' : p === 'company' ? 'seller' : String(p));
const dollars = (v: string | null | undefined) => formatDollars(v ?? '0');
const stateName = (state: SiteState) => STATE_NAMES[state] ?? state;
const paymentWords = (payment: WaiverPayment) => (payment === 'retainage' ? 'retainage release' : 'payment');

/** A reminder's reason (HeldFundsClock's stable codes) in words. */
function reminderWords(reason: string): string {
  if (reason.startsWith('next:')) return reason.split(':').slice(2).join(':').toLowerCase();
  if (reason.startsWith('conditional_waiver:')) return 'sign the conditional lien waiver';
  if (reason.startsWith('respond_dispute:')) return 'respond to the dispute';
  if (reason.startsWith('resolve_dispute:')) return 'resolve the dispute';
  // Before each party had a reason of its own, one reminder of both was recorded as `request_retainage`.
  if (reason === 'request_retainage' || reason.startsWith('request_retainage:')) return 'ask for the retainage release';
  return (
    {
      approve_retainage: 'approve the retainage release',
      resolve_retainage_dispute: 'resolve the retainage dispute',
    }[reason] ?? reason
  );
}

function payeeLines(version: VersionState, names: Names): Map<string, string> {
  return new Map(
    version.terms.payees.map((p) => [
      names.company(p.companyId) ?? `company ${p.companyId}`,
      `${p.type}${p.percentDecimal ? ` ${(Number(p.percentDecimal) * 100).toFixed(2).replace(/\.00$/, '')}%` : ''} ${formatDollars(p.amount)}${p.includeFee ? ' (fee included)' : ''}`,
    ]),
  );
}

/** What an edit changes compared with the version it is based on. */
function versionDifferences(base: VersionState, edit: VersionState, names: Names): Change[] {
  const changes: Change[] = [];
  const compare = (field: string, from: string, to: string) => {
    if (from !== to) changes.push({ field, from, to });
  };
  compare('title', base.title, edit.title);
  compare('completion criteria', base.definition, edit.definition);
  compare('amount', formatDollars(base.terms.amount), formatDollars(edit.terms.amount));
  compare('deposit total', formatDollars(base.terms.depositTotal), formatDollars(edit.terms.depositTotal));
  const before = payeeLines(base, names);
  const after = payeeLines(edit, names);
  for (const name of new Set([...before.keys(), ...after.keys()])) {
    if (before.get(name) !== after.get(name)) changes.push({ field: `payee ${name}`, from: before.get(name) ?? null, to: after.get(name) ?? null });
  }
  return changes;
}

/**
 * The number people know each schedule version by (1, 2, … in the order proposed, as the billing
 * state numbers them), by its id, from the project's events in order.
 */
export function scheduleVersionNumbers(rows: readonly AuditRow[]): Map<number, number> {
  const ids = rows.filter((r) => r.type === 'ScheduleVersionProposed').map((r) => Number(r.data.versionId));
  return new Map(ids.map((id, i) => [id, i + 1]));
}

/** One sentence per event, for people: who did what to which milestone, and for how much. */
export function describe(
  row: AuditRow,
  milestones: Map<number, ActiveMilestone>,
  names: Names,
  versionNumbers: ReadonlyMap<number, number> = new Map(),
): { summary: string; changes: Change[] } {
  const described = describeEvent(row, milestones, names, versionNumbers);
  // A sentence ending in a name that ends in a period ("Saguaro Build Co.") must not get a second one.
  const summary = described.summary.replace(/(?<!\.)\.\.$/, '.');
  const by = byWhom(row, names);
  if (!by) return { ...described, summary };
  const stem = described.summary.endsWith('..') ? described.summary.slice(0, -1) : summary.replace(/\.$/, '');
  return { ...described, summary: `${stem}${by}.` };
}

/**
 * A company acts through a person (issue 37): its action names them and their role then, so a
 * company's members can tell who of them did it. Events from before roles name the person only.
 */
function byWhom(row: AuditRow, names: Names): string {
  const name = row.actor_role === 'company' && row.actor_id !== null ? names.person(row.actor_id) : null;
  if (!name) return '';
  return ` — by ${name}${row.actor_company_role ? ` (${COMPANY_ROLE_LABELS[row.actor_company_role]})` : ''}`;
}

/** An event of a project's history as the domain defines it: the store hands every one over upcast to its current shape. */
type HistoryEvent = MilestoneEvent | ProjectEvent | BillingEvent;

function describeEvent(
  row: AuditRow,
  milestones: Map<number, ActiveMilestone>,
  names: Names,
  versionNumbers: ReadonlyMap<number, number>,
): { summary: string; changes: Change[] } {
  const { type, data: d } = { type: row.type, data: row.data } as HistoryEvent;
  const milestone = row.original_id ? milestones.get(row.original_id) : undefined;
  const title = (versionId: number | null) => {
    const v = milestone?.versions.find((x) => x.versionId === versionId);
    return `"${v?.title || 'Whole Project Milestone'}"`;
  };
  const mTitle = title(milestone?.currentVersionId ?? row.original_id);
  const scheduleVersion = (versionId: number) => `Schedule of values version ${versionNumbers.get(versionId) ?? versionId}`;
  switch (type) {
    case 'JobDraftCreated':
      return {
        summary: `Project started as a draft (${d.service}) with buyer ${names.person(d.customerId) ?? d.customerId}${d.primaryCompanyId ? ` and seller ${names.company(d.primaryCompanyId)}` : ''}.`,
        changes: [],
      };
    case 'JobBasicsUpdated':
      return {
        summary: `Project details changed: ${d.service}, buyer ${names.person(d.customerId)}, seller ${names.company(d.primaryCompanyId) ?? 'not chosen'}.`,
        changes: [],
      };
    case 'JobSubmitted':
      return { summary: 'Project submitted (no longer a draft).', changes: [] };
    case 'JobDraftDiscarded':
      return { summary: 'Draft discarded by its creator.', changes: [] };
    case 'ProjectAgreementSigned':
      return { summary: `Escrow agreement signed by the ${party(d.party)} as "${d.signedName}".`, changes: [] };
    case 'ProjectMilestoneAgreed':
      return { summary: `The escrow agreement now lists ${title(d.versionId)} as both parties agreed it.`, changes: [] };
    case 'ProjectMilestoneAdded':
      return { summary: `Milestone ${title(d.originalId)} added to the project.`, changes: [] };
    case 'MilestoneProposed':
      return {
        summary: `Milestone ${title(d.versionId)} proposed by the ${party(d.proposedByParty)}: ${dollars(d.terms.amount)}, deposit ${dollars(d.terms.depositTotal)}.`,
        changes: [],
      };
    case 'MilestoneEditProposed': {
      const base = milestone?.versions.find((v) => v.versionId === d.basedOnVersionId);
      const edit = milestone?.versions.find((v) => v.versionId === d.versionId);
      return {
        summary: `Edit of ${title(d.basedOnVersionId)} proposed by the ${party(d.proposedByParty)}.`,
        changes: base && edit ? versionDifferences(base, edit, names) : [],
      };
    }
    case 'MilestoneVersionApproved':
      return { summary: `${title(d.versionId)} approved by the ${party(d.party)}.`, changes: [] };
    case 'MilestoneVersionRejected':
      return {
        summary: `${title(d.versionId)} rejected by the ${party(d.party)}${d.automatic ? ' (they approved another version)' : d.reason ? `: ${d.reason}` : ''}.`,
        changes: [],
      };
    case 'MilestoneVersionAgreed':
      return { summary: `${title(d.versionId)} approved by both parties; deposit due ${dollars(d.depositTotal)}.`, changes: [] };
    case 'DepositRequested':
      return {
        summary: `Deposit of ${dollars(d.amount)} requested for ${mTitle} (ACH${d.bankAccountLast4 ? ` from account ••••${d.bankAccountLast4}` : ''}).`,
        changes: [],
      };
    case 'DepositSettled':
      return {
        summary: `Deposit of ${dollars(d.amount)} settled into escrow for ${mTitle}${d.clearsAt ? `; the bank can return it until ${d.clearsAt.slice(0, 16).replace('T', ' ')} UTC, when the funds clear` : ''}.`,
        changes: [],
      };
    case 'DepositCleared':
      return { summary: `Deposit of ${dollars(d.amount)} for ${mTitle} cleared: the bank can no longer return it.`, changes: [] };
    case 'DepositReturned':
      return {
        summary: `Deposit of ${dollars(d.amount)} for ${mTitle} returned by the buyer's bank (${d.returnCode} ${d.reason}): the milestone is no longer funded.`,
        changes: [],
      };
    case 'DepositFailed':
      return { summary: `Deposit for ${mTitle} failed: ${d.reason}.`, changes: [] };
    case 'MilestoneMarkedComplete':
      return { summary: `${mTitle} marked complete by the ${party(d.party)}.`, changes: [] };
    case 'MilestoneCompletionWithdrawn':
      return { summary: `The ${party(d.party)} took back marking ${mTitle} complete.`, changes: [] };
    case 'MilestoneCompletedByBoth':
      return { summary: `${mTitle} marked complete by both parties.`, changes: [] };
    case 'DisbursementRequested':
      return {
        summary: `Release of ${dollars(d.amount)} to ${names.company(d.companyId)} requested (fee ${dollars(d.fee)}${
          d.retainage && d.retainage !== '0.00' ? `; ${dollars(d.retainage)} retainage withheld` : ''
        }${d.lienWaiverState ? '; paid once the payee signs its conditional lien waiver' : ''}).`,
        changes: [],
      };
    case 'DisbursementPaid':
      return { summary: `${dollars(d.amount)} paid to ${names.company(d.companyId)}${paidTo(d)}.`, changes: [] };
    case 'DisputeOpened':
      return { summary: `Dispute opened by the ${party(d.party)} on ${mTitle}: ${d.statement}`, changes: [] };
    case 'DisputeResponded':
      return { summary: `The ${party(d.party)} responded to the dispute: ${d.statement}`, changes: [] };
    case 'DisputeResolved':
      return {
        summary: `Dispute resolved by ${d.resolution}: ${dollars(d.releaseAmount)} released, ${dollars(d.refundAmount)} refunded.${d.note ? ` ${d.note}` : ''}`,
        changes: [],
      };
    case 'ResolutionProposed':
      return {
        summary: `Resolution proposed by ${names.person(d.by) ?? 'an administrator'} (${d.resolution}: ${dollars(d.releaseAmount)} released, ${dollars(d.refundAmount)} refunded), waiting for a second administrator's approval.`,
        changes: [],
      };
    case 'ResolutionApproved':
      return { summary: `Resolution approved by a second administrator, ${names.person(d.by) ?? ''}.`.replace(', .', '.'), changes: [] };
    case 'ResolutionRejected':
      return {
        summary: `${d.by === d.proposedBy ? 'Proposed resolution withdrawn' : 'Proposed resolution rejected'} by ${names.person(d.by) ?? 'an administrator'}.${d.note ? ` ${d.note}` : ''}`,
        changes: [],
      };
    case 'RefundRequested':
      return {
        summary: `Refund of ${dollars(d.amount)} to the buyer requested (${d.reason === 'deadline' ? 'response deadline passed' : 'dispute'}).`,
        changes: [],
      };
    case 'RefundPaid':
      return { summary: `${dollars(d.amount)} refunded to the buyer.`, changes: [] };
    case 'ProjectTermsSet':
      return {
        summary: `Project terms set by the ${party(row.actor_role)}: retainage ${d.retainagePercent}%${
          d.siteState ? `, job site in ${stateName(d.siteState)} (lien waivers with every payment)` : ', no job-site state (no lien waivers)'
        }; milestone versions proposed from now on take them.`,
        changes: [],
      };
    case 'ProjectBillingChosen':
      return {
        summary: `The ${party(row.actor_role)} chose to bill this project ${d.billing === 'progress' ? 'by progress against a schedule of values' : 'by milestones'}.`,
        changes: [],
      };
    case 'RetainageReleaseRequested':
      return { summary: `The ${party(d.party)} asked for the release of ${dollars(d.amount)} of retainage.`, changes: [] };
    case 'RetainageReleaseApproved':
      return { summary: `The ${party(d.party)} approved the release of ${dollars(d.amount)} of retainage to the payees.`, changes: [] };
    case 'RetainageDisputeOpened':
    case 'BillingRetainageDisputeOpened': // a progress-billed project's, told the same way
      return { summary: `Retainage dispute opened by the ${party(d.party)}: ${d.statement}`, changes: [] };
    case 'RetainageDisputeResolved':
    case 'BillingRetainageDisputeResolved':
      return {
        summary: `Retainage dispute resolved by ${d.resolution === 'refund' ? 'refund to the buyer' : 'release to the payees'} of ${dollars(d.amount)}.${d.note ? ` ${d.note}` : ''}`,
        changes: [],
      };
    case 'RetainageResolutionProposed':
    case 'BillingRetainageResolutionProposed':
      return {
        summary: `Retainage resolution proposed by ${names.person(d.by) ?? 'an administrator'} (${d.resolution === 'refund' ? 'refund to the buyer' : 'release to the payees'} of ${dollars(d.amount)}), waiting for a second administrator's approval.`,
        changes: [],
      };
    case 'RetainageResolutionApproved':
    case 'BillingRetainageResolutionApproved':
      return { summary: `Retainage resolution approved by a second administrator, ${names.person(d.by) ?? ''}.`.replace(', .', '.'), changes: [] };
    case 'RetainageResolutionRejected':
    case 'BillingRetainageResolutionRejected':
      return {
        summary: `${d.by === d.proposedBy ? 'Proposed retainage resolution withdrawn' : 'Proposed retainage resolution rejected'} by ${names.person(d.by) ?? 'an administrator'}.${d.note ? ` ${d.note}` : ''}`,
        changes: [],
      };
    case 'RetainageReleased':
      return { summary: `Retainage of ${dollars(d.amount)} on ${mTitle} released to ${names.company(d.companyId)}.`, changes: [] };
    case 'RetainagePaid':
      return { summary: `${dollars(d.amount)} of retainage paid to ${names.company(d.companyId)}${paidTo(d)}.`, changes: [] };
    case 'RetainageRefundRequested':
      return { summary: `Retainage of ${dollars(d.amount)} on ${mTitle} to be refunded to the buyer.`, changes: [] };
    case 'RetainageRefundPaid':
    case 'BillingRetainageRefundPaid':
      return { summary: `${dollars(d.amount)} of retainage refunded to the buyer.`, changes: [] };
    case 'LienWaiverSigned':
      return {
        summary: `${d.kind === 'conditional' ? 'Conditional' : 'Unconditional'} lien waiver (${stateName(d.siteState)}) for the ${paymentWords(d.payment)} of ${dollars(d.amount)} to ${names.company(d.companyId)} signed.`,
        changes: [],
      };
    case 'LienWaiverIssued':
      return {
        summary: `Unconditional lien waiver (${stateName(d.siteState)}) for the ${paymentWords(d.payment)} of ${dollars(d.amount)} to ${names.company(d.companyId)} issued on payment.`,
        changes: [],
      };
    case 'HeldFundsReminderSent':
      return {
        summary: `Reminder sent to ${d.to === 'payee' ? names.company(d.companyId) : `the ${d.to}`} to ${reminderWords(d.reason)} (funds held since ${d.heldSince.slice(0, 10)}).`,
        changes: [],
      };
    case 'AttachmentAdded':
      return {
        summary: `${names.person(d.by) ?? 'An administrator'} attached “${d.name}” (${fileSize(d.size)}) to ${attachmentPlace(d.to)} of ${mTitle}. ${fileHashes(d)}`,
        changes: [],
      };
    case 'AttachmentRemoved':
      return {
        summary: `${names.person(d.by) ?? 'An administrator'} removed a file from ${mTitle}; the ledger keeps its record and its bytes.`,
        changes: [],
      };
    case 'RetainageEvidenceAdded':
    case 'BillingRetainageEvidenceAdded':
      return {
        summary: `${names.person(d.by) ?? 'An administrator'} attached “${d.name}” (${fileSize(d.size)}) as evidence in the retainage dispute. ${fileHashes(d)}`,
        changes: [],
      };
    case 'RetainageEvidenceRemoved':
    case 'BillingRetainageEvidenceRemoved':
      return {
        summary: `${names.person(d.by) ?? 'An administrator'} removed a file from the retainage dispute's evidence; the ledger keeps its record and its bytes.`,
        changes: [],
      };
    // Progress billing (docs/progress-billing.md).
    case 'ScheduleVersionProposed':
      return {
        summary: `${scheduleVersion(d.versionId)} proposed by the seller: ${d.lines.length} ${d.lines.length === 1 ? 'line' : 'lines'}, contract sum ${dollars(d.contractSum)}.`,
        changes: [],
      };
    case 'ScheduleVersionApproved':
      return { summary: `${scheduleVersion(d.versionId)} approved by the buyer: the contract sum is ${dollars(d.contractSum)}.`, changes: [] };
    case 'ScheduleVersionRejected':
      return { summary: `${scheduleVersion(d.versionId)} rejected by the buyer.${d.reason ? ` ${d.reason}` : ''}`, changes: [] };
    case 'CertifierInvited':
      return { summary: `The buyer invited a certifier by email; the link works once, until ${d.expiresAt.slice(0, 16).replace('T', ' ')} UTC.`, changes: [] };
    case 'CertifierInvitationRevoked':
      return { summary: 'The buyer withdrew an invitation to certify; its link no longer works.', changes: [] };
    case 'CertifierNamed':
      return d.invitationId
        ? { summary: `${names.person(d.userId) ?? 'The person invited'} accepted the invitation to certify pay applications.`, changes: [] }
        : { summary: `The buyer named ${names.person(d.userId) ?? 'a person'} to certify pay applications.`, changes: [] };
    case 'CertifierRemoved':
      return { summary: `The buyer removed ${names.person(d.userId) ?? 'the certifier'} as certifier.`, changes: [] };
    case 'PayApplicationSubmitted':
      return {
        summary: `Pay application ${d.applicationNumber}${d.revision > 1 ? ` (revision ${d.revision})` : ''} for the period to ${d.periodTo} submitted by the seller: ${dollars(d.billed.currentPaymentDue)} due as billed.`,
        changes: [],
      };
    case 'PayApplicationCertified': {
      const reduced = d.lines.filter((l) => l.decision === 'reduced').length;
      const refused = d.lines.filter((l) => l.decision === 'refused').length;
      return {
        summary: `Pay application ${d.applicationNumber} certified by the ${d.byRole === 'certifier' ? 'certifier' : 'buyer'}: ${dollars(d.summary.currentPaymentDue)} due${reduced || refused ? ` (${reduced} line${reduced === 1 ? '' : 's'} reduced, ${refused} refused)` : ', every line as billed'}.`,
        changes: [],
      };
    }
    case 'PayApplicationAccepted':
      return {
        summary: `Certificate of pay application ${d.applicationNumber} ${d.automatic ? 'accepted (certified as billed)' : 'accepted by the seller'}.`,
        changes: [],
      };
    case 'PayApplicationPaymentReleased':
      return {
        summary: `Payment of ${dollars(d.total)} for pay application ${d.applicationNumber} released to ${d.payees.length} payee${d.payees.length === 1 ? '' : 's'}.`,
        changes: [],
      };
    case 'ChangeOrderProposed':
      return { summary: `Change order ${d.changeOrderId} proposed by the ${party(d.party)}: ${dollars(d.netChange)}. ${d.reason}`, changes: [] };
    case 'ChangeOrderApproved':
      return {
        summary: `Change order ${d.changeOrderId} approved by the ${party(d.party)}: the contract sum goes from ${dollars(d.contractSumBefore)} to ${dollars(d.contractSumAfter)}.`,
        changes: [],
      };
    case 'ChangeOrderRejected':
      return { summary: `Change order ${d.changeOrderId} rejected by the ${party(d.party)}.${d.reason ? ` ${d.reason}` : ''}`, changes: [] };
    case 'BillingLienWaiverSigned':
    case 'BillingLienWaiverIssued': {
      const of =
        d.payment.kind === 'application'
          ? `payment of ${dollars(d.amount)} for pay application ${d.payment.applicationNumber}`
          : `retainage release ${d.payment.releaseNumber} of ${dollars(d.amount)}`;
      const done = type === 'BillingLienWaiverSigned' ? 'signed' : 'issued on payment';
      return {
        summary: `${d.kind === 'conditional' ? 'Conditional' : 'Unconditional'} lien waiver (${stateName(d.siteState)}) for the ${of} to ${names.company(d.payeeId) ?? `company ${d.payeeId}`} ${done}.`,
        changes: [],
      };
    }
    case 'BillingPayoutPaid': {
      const of = d.payment.kind === 'application' ? `pay application ${d.payment.applicationNumber}` : `retainage release ${d.payment.releaseNumber}`;
      return { summary: `${dollars(d.amount)} of ${of} paid to ${names.company(d.payeeId) ?? `company ${d.payeeId}`}.`, changes: [] };
    }
    case 'PayApplicationPaymentFunded':
      return {
        summary: `Payment of ${dollars(d.total)} for pay application ${d.applicationNumber} drawn from the project's cleared escrow: ${d.payouts.length} payout${d.payouts.length === 1 ? '' : 's'}, ${dollars(d.retainage)} retainage held.`,
        changes: [],
      };
    case 'BillingDepositRequested':
      return {
        summary: `Deposit of ${dollars(d.amount)} into the project's escrow requested (ACH${d.bankAccountLast4 ? ` from account ••••${d.bankAccountLast4}` : ''}; fee ${dollars(d.fee)}).`,
        changes: [],
      };
    case 'BillingDepositSettled':
      return {
        summary: `Deposit of ${dollars(d.amount)} settled into the project's escrow; the bank can return it until ${d.clearsAt.slice(0, 16).replace('T', ' ')} UTC, when the funds clear.`,
        changes: [],
      };
    case 'BillingDepositFailed':
      return { summary: `Deposit into the project's escrow failed: ${d.reason}.`, changes: [] };
    case 'BillingDepositCleared':
      return { summary: `Deposit of ${dollars(d.amount)} into the project's escrow cleared: the bank can no longer return it.`, changes: [] };
    case 'BillingDepositReturned':
      return { summary: `Deposit of ${dollars(d.amount)} returned by the buyer's bank (${d.returnCode} ${d.reason}).`, changes: [] };
    case 'BillingRetainageReleaseRequested':
      return { summary: `The ${party(d.party)} said the work is substantially complete and asked for the retainage held.`, changes: [] };
    case 'BillingRetainageReleased':
      return {
        summary: `Retainage of ${dollars(d.total)} released to ${d.payees.length} payee${d.payees.length === 1 ? '' : 's'} ${d.party === null ? `by an administrator's resolution of the retainage dispute` : `at substantial completion, approved by the ${party(d.party)}`}.`,
        changes: [],
      };
    case 'BillingRetainageRefundRequested':
      return { summary: `Retainage of ${dollars(d.total)} to be refunded to the buyer.`, changes: [] };
    case 'BillingBalanceReturnRequested':
      return {
        summary: d.needsSeller
          ? `The buyer asked for ${dollars(d.amount)} of the escrow balance back, more than the remaining contract leaves unused (${dollars(d.surplus)}): it waits for the seller's approval.`
          : `The buyer asked for ${dollars(d.amount)} of the escrow balance back, funds the remaining contract does not need.`,
        changes: [],
      };
    case 'BillingBalanceReturnApproved':
      return { summary: `The seller approved the return of escrow funds ${d.returnId} to the buyer.`, changes: [] };
    case 'BillingBalanceReturnDeclined':
      return { summary: `The seller declined the return of escrow funds ${d.returnId}${d.reason ? `: ${d.reason}` : ''}.`, changes: [] };
    case 'BillingBalanceReturned':
      return { summary: `${dollars(d.amount)} of the escrow balance to be returned to the buyer.`, changes: [] };
    case 'BillingBalanceReturnPaid':
      return { summary: `${dollars(d.amount)} of the escrow balance returned to the buyer.`, changes: [] };

    case 'BillingFileAdded':
      return {
        summary: `${names.person(d.by) ?? `The ${party(d.party)}`} uploaded “${d.name}” (${fileSize(d.size)}) to the project's billing. ${fileHashes(d)}`,
        changes: [],
      };
    case 'BillingShortfallReminded':
      return {
        summary: `Reminded the buyer to deposit ${dollars(d.amount)} by ${d.depositBy} for pay application ${d.applicationNumber}; the seller was told of the shortfall.`,
        changes: [],
      };
    default:
      // A type the catalogue does not know (yet): its stored name.
      return { summary: row.type, changes: [] };
  }
}

/** "2.4 MB", "310 KB": a file's size as a person reads it. */
function fileSize(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${(bytes / (1024 * 1024)).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

/**
 * The SHA-256 of a file as stored and, where it differs (an image drawn again without its
 * metadata), as it was uploaded: what its sender can match their own copy to.
 */
function fileHashes(d: AttachedFile): string {
  const stored = d.sha256;
  if (d.originalSha256 === undefined || d.originalSha256 === null) return `SHA-256 ${stored} as stored; as uploaded not recorded.`;
  if (d.originalSha256 === stored) return `SHA-256 ${stored}, stored as uploaded.`;
  return `SHA-256 ${stored} as stored (re-encoded), ${d.originalSha256} as uploaded (${fileSize(d.originalSize ?? d.size)}).`;
}

function attachmentPlace(to: AttachmentTarget): string {
  switch (to.kind) {
    case 'version':
      return 'the proposed terms';
    case 'rejection':
      return 'the reasons for rejecting a version';
    case 'completion':
      return 'the evidence of the work';
    case 'dispute':
      return 'the evidence in the dispute';
  }
}

/** " (account ••••6789 at Canyon Bank)": the account a payout went to; nothing for payouts made before they named one. */
function paidTo(data: { payoutAccount?: PaidToAccount | null }): string {
  const account = data.payoutAccount;
  if (!account) return '';
  return ` (account ${maskedAccount(account.last4)}${account.bankName ? ` at ${account.bankName}` : ''})`;
}
