/**
 * The API's answers about progress billing (issue 38, docs/progress-billing.md): the schedule of
 * values with its versions and change orders, and the pay applications with their G703 columns
 * and G702 summary. Amounts are strings with two decimals; percentages too; times are ISO-8601.
 */

import type { CompanyNameMatch } from './directory';

/** A line's retainage: a rate, and optionally a lower rate once the line is that far complete. */
export interface RetainageTermsView {
  rate: string;
  reduction: { to_rate: string; at_percent_complete: string } | null;
}

/** A line of a proposed schedule version, or a line a change order adds. */
export interface ScheduleLineView {
  number: string;
  description: string;
  scheduled_value: string;
  payee_id: number;
  retainage: RetainageTermsView;
}

/** A line of the schedule as it stands (change orders included), with what is certified on it. */
export interface BillingLineView extends ScheduleLineView {
  /** The value in the approved schedule; "0.00" for a line a change order added. */
  original_value: string;
  /** Work completed and materials stored to date, per the accepted certificates. */
  work_completed: string;
  stored_materials: string;
  /**
   * How the certificates retained the to-date value (work + stored): the part at the line's rate
   * and the part at its reduced rate, whether the line reached its reduction, and the retainage
   * released to its payee so far. A screen computes the next application from these exactly as the
   * server does, even after a change order moved the reduction point.
   */
  retained_at_rate: string;
  retained_at_reduced_rate: string;
  reduction_reached: boolean;
  retainage_released: string;
  /** Retainage of the line refunded to the buyer by a retainage dispute (forfeited: out of I and of what is earned). */
  retainage_refunded: string;
}

export interface ScheduleVersionView {
  /** The id routes name; people read `version_number`. */
  version_id: number;
  /** 1, 2, … in the order the project's versions were proposed. */
  version_number: number;
  based_on_version_id: number | null;
  based_on_version_number: number | null;
  status: 'proposed' | 'current' | 'replaced' | 'closed' | 'rejected';
  contract_sum: string;
  lines: ScheduleLineView[];
  proposed_by: number;
  proposed_at: string;
  approved_by: number | null;
  approved_at: string | null;
  rejection: { by: number; reason: string | null; at: string } | null;
}

export interface ChangeOrderView {
  change_order_id: number;
  status: 'proposed' | 'approved' | 'rejected';
  /** The side that proposed it (its approval). */
  proposed_by_party: 'customer' | 'company';
  proposed_by: number;
  reason: string;
  attachment_ids: string[];
  changes: { line: string; from: string; to: string }[];
  new_lines: ScheduleLineView[];
  net_change: string;
  proposed_at: string;
  decided: { party: 'customer' | 'company'; by: number; reason: string | null; at: string } | null;
}

/** GET /api/job/{id}/schedule: how the project bills, its schedule of values, versions and change orders. */
export interface ProgressBillingView {
  job_id: number;
  billing: 'milestones' | 'progress';
  /** Who asks: a party, an admin, or the certifier the buyer named. */
  viewer: 'customer' | 'company' | 'admin' | 'certifier';
  current_version_id: number | null;
  /** The current version's number in the project (1, 2, …), as screens and sentences name it. */
  current_version_number: number | null;
  /** G702 line 1 and line 3 of the schedule now (null before a schedule is approved). */
  original_contract_sum: string | null;
  contract_sum: string | null;
  lines: BillingLineView[];
  versions: ScheduleVersionView[];
  change_orders: ChangeOrderView[];
  certifier: { user_id: number; named_at: string } | null;
  /** The application waiting for certification or acceptance, if any. */
  open_application_number: number | null;
  /** The project's escrow balance (null before a schedule is proposed). */
  escrow: EscrowBalanceView | null;
  /** The directory's name of every company a line, version or change order pays, so no screen shows a bare id. */
  payee_names: CompanyNameMatch[];
  /** The retainage held and its release at substantial completion (null before a schedule is proposed). */
  retainage: BillingRetainageView | null;
}

/** A payee's share of retainage held, asked for or released. */
export interface RetainagePayeeAmountView {
  payee_id: number;
  amount: string;
}

/** A retainage release's payout and its lien waivers, as a pay application's payment answers them. */
export interface PayoutWaiverView {
  payout_id: number | null;
  /** `none` without a job-site state, `due` until the payee signs the conditional waiver, `signed`, `issued` once paid. */
  waiver: 'none' | 'due' | 'signed' | 'issued';
  /** The latest waiver recorded for it, to print (/portal/waivers/{name}). */
  waiver_name: string | null;
}

/**
 * The retainage the certificates hold and its release (docs/progress-billing.md#retainage): one
 * party asks for it at substantial completion, the other approves, and each payee is paid its share.
 */
export interface BillingRetainageView {
  /** Held now, in total and per payee: what an approval pays each. */
  held: string;
  held_by_payee: RetainagePayeeAmountView[];
  /** The release a party asked for and the other has not approved yet; `payees`: what it pays each now. */
  request: { party: 'customer' | 'company'; by: number; at: string; total: string; payees: RetainagePayeeAmountView[] } | null;
  /** Releases made, oldest first, each payee's payout and whether the provider reported it paid. */
  releases: {
    release_number: number;
    /** Who approved it (null on a release recorded before this was kept). */
    approved_by_party: 'customer' | 'company' | null;
    approved_by: number | null;
    at: string;
    total: string;
    status: 'paying' | 'paid';
    payees: (RetainagePayeeAmountView & { paid: boolean } & PayoutWaiverView)[];
  }[];
  /** Why a release cannot be asked for or approved now (null: it can): `retainage_disputed`, `application_open`, `payment_awaiting_funds` or `no_retainage_held`. */
  blocked: { code: 'retainage_disputed' | 'application_open' | 'payment_awaiting_funds' | 'no_retainage_held'; message: string } | null;
  /** What the asking party may do now (all false for an admin or the certifier). */
  can_request: boolean;
  can_approve: boolean;
  /** Dispute the retainage (POST /api/job/{id}/retainage/dispute): while retainage is held and no dispute is open. */
  can_dispute: boolean;
  /** The open retainage dispute, waiting for an administrator: which party, who, when, their statement, and a resolution waiting for a second administrator. */
  dispute: {
    dispute_id: number;
    party: 'customer' | 'company';
    by: number;
    at: string;
    statement: string;
    proposal: { proposal_id: number; resolution: 'release' | 'refund'; amount: string; by: number; at: string } | null;
  } | null;
  /** Administrators' decisions of past disputes, oldest first: released to the payees or refunded to the buyer, by whom (and the second administrator who approved it). */
  decisions: { dispute_id: number; resolution: 'release' | 'refund'; amount: string; by: number; approved_by: number | null; note: string; at: string }[];
}

/** A deposit into the project's escrow balance (POST /api/job/{id}/billing/deposits answers one). */
export interface BillingDepositView {
  deposit_id: number;
  /** Credited to escrow; the fee (2.25%) comes on top, and `total` is what the buyer's account is debited. */
  amount: string;
  fee: string;
  total: string;
  status: 'pending' | 'settled' | 'failed' | 'returned';
  requested_at: string;
  /** When the ACH return window closes (null until settled). */
  clears_at: string | null;
  cleared: boolean;
  bank_account_last4: string | null;
  failure_reason: string | null;
}

/**
 * The project's escrow balance: payments are paid only from `cleared` funds. `held` is what escrow
 * holds for the project (clearing + cleared + retainage held + payouts on their way).
 */
export interface EscrowBalanceView {
  /** Deposits the provider has not settled yet. */
  pending: string;
  /** Settled deposits inside the ACH return window. */
  clearing: string;
  /** Cleared funds not drawn by a payment yet. */
  cleared: string;
  retainage_held: string;
  awaiting_payout: string;
  paid_out: string;
  /** Retainage a dispute's resolution refunds to the buyer, not yet paid by the provider (part of `held`). */
  awaiting_refund: string;
  /** Retainage refunded to the buyer and paid: out of escrow, like `paid_out`. */
  refunded: string;
  held: string;
  deposits: BillingDepositView[];
  /**
   * What the buyer still has to deposit for the payments waiting and the open application (beyond
   * cleared funds and deposits on their way), and by when: the end of the earliest period
   * concerned plus 10 days. Null when the balance covers them.
   */
  shortfall: { code: 'deposit_needed'; amount: string; deposit_by: string; application_number: number; message: string } | null;
  /** What the buyer may get back (docs/progress-billing.md#returning-unused-funds), and every return asked for. */
  returns: BalanceReturnsView;
}

/** The return of escrow funds the contract no longer needs. */
export interface BalanceReturnsView {
  /** Returned to the buyer so far (paid or on its way). */
  returned: string;
  /** Cleared funds no payment has drawn: the most the buyer may ask back. */
  returnable: string;
  /** What is returned at once, without the seller: the part of `returnable` the remaining contract does not need. */
  returnable_at_once: string;
  /** Beyond `returnable_at_once`, up to `returnable`: returned only if the seller approves. */
  needs_seller: string;
  /** Every return asked for, oldest first. */
  list: BalanceReturnView[];
}

export interface BalanceReturnView {
  return_id: number;
  amount: string;
  /** `awaiting_seller`: beyond the surplus, waiting for the seller; `returned`: left escrow, on its way; `paid`: the provider paid it. */
  status: 'awaiting_seller' | 'declined' | 'returned' | 'paid';
  needs_seller: boolean;
  requested_by: number;
  requested_at: string;
  decided_by: number | null;
  decided_at: string | null;
  decline_reason: string | null;
  paid_at: string | null;
}

/** One row of the G703 continuation sheet (columns A–I), and how it was billed and certified. */
export interface PayApplicationLineView {
  /** A */
  line: string;
  /** B */
  description: string;
  payee_id: number;
  /** C */
  scheduled_value: string;
  /** D */
  previous: string;
  /** E */
  this_period: string;
  /** F */
  stored_materials: string;
  /** G = D + E + F */
  completed_and_stored_to_date: string;
  /** G ÷ C, display only */
  percent_complete: string;
  /** H = C − G */
  balance_to_finish: string;
  /** I */
  retainage: string;
  retainage_this_period: string;
  /** G − I, less retainage refunded to the buyer (`retainage_refunded`, "0.00": none). */
  earned_less_retainage: string;
  retainage_refunded: string;
  previous_certificates: string;
  current_payment_due: string;
  /** What the seller billed on this line (absent: not billed this period). */
  billed: { work_this_period: string; work_percent: string | null; stored_materials: string; evidence: string[] } | null;
  /** The certifier's decision on it (absent until certified, or when not billed). */
  decision: { decision: 'as_billed' | 'reduced' | 'refused'; reason: string | null } | null;
}

/** The G702 summary, lines 1 to 9. */
export interface PayApplicationSummaryView {
  original_contract_sum: string;
  net_change_by_change_orders: string;
  contract_sum_to_date: string;
  total_completed_and_stored: string;
  retainage_on_completed_work: string;
  retainage_on_stored_materials: string;
  total_retainage: string;
  total_earned_less_retainage: string;
  previous_certificates: string;
  current_payment_due: string;
  balance_to_finish_including_retainage: string;
  /** Retainage refunded to the owner by a dispute's resolution, to date ("0.00": none): forfeited, out of lines 6 and 9. */
  retainage_refunded: string;
}

export interface PayeeFiguresView {
  payee_id: number;
  current_payment_due: string;
  retainage_this_period: string;
  retainage_held: string;
}

/**
 * GET /api/job/{id}/pay-applications/{number}: one pay application. The columns and the summary
 * are the certificate's once certified, else the application's as billed.
 */
export interface PayApplicationView {
  job_id: number;
  application_number: number;
  revision: number;
  period_to: string;
  status: 'submitted' | 'certified' | 'accepted';
  /** Whether `lines`, `summary` and `payees` are as billed or as certified. */
  figures: 'billed' | 'certified';
  lines: PayApplicationLineView[];
  summary: PayApplicationSummaryView;
  /** The G702 as the seller billed it. */
  billed_summary: PayApplicationSummaryView;
  payees: PayeeFiguresView[];
  submitted_by: number;
  submitted_at: string;
  certification: { by: number; by_role: 'buyer' | 'certifier'; at: string } | null;
  accepted: { by: number; automatic: boolean; at: string } | null;
  /**
   * The released payment: `awaiting_funds` while cleared funds do not cover its draw (the payees'
   * payment due and the period's retainage), then `paying` until every payout is reported paid.
   */
  payment: {
    total: string;
    status: 'awaiting_funds' | 'paying' | 'paid';
    funded_at: string | null;
    payees: {
      payee_id: number;
      amount: string;
      paid: boolean;
      /** The payee's payout once funded (null while the payment waits for funds). */
      payout_id: number | null;
      /**
       * Its lien waivers (docs/progress-billing.md#lien-waivers): `none` without a job-site state,
       * `due` while the payout waits for the payee's conditional waiver, `signed`, then `issued`
       * once paid (the unconditional waiver).
       */
      waiver: 'none' | 'due' | 'signed' | 'issued';
      /** The latest waiver recorded for it, to print (/portal/waivers/{name}). */
      waiver_name: string | null;
    }[];
  } | null;
  /** Earlier revisions, each with whether it was certified before the seller revised it. */
  revisions: { revision: number; submitted_at: string; certified: boolean }[];
  /** The directory's name of every payee on it. */
  payee_names: CompanyNameMatch[];
}

/** A row of GET /api/job/{id}/pay-applications. */
export interface PayApplicationListItem {
  application_number: number;
  revision: number;
  period_to: string;
  status: 'submitted' | 'certified' | 'accepted';
  /** G702 line 8: as certified once certified, else as billed. */
  current_payment_due: string;
  submitted_at: string;
}

/** GET /api/certifier-invitations/{code}: what the landing page shows of a certifier invitation (the link is the secret). */
export interface CertifierInvitationPreview {
  job_id: number;
  /** The project's service, as its parties see it named ("General Contracting"). */
  project_name: string;
  inviter_name: string;
  email: string;
  expires_at: string;
  /** `new`: the address has no account yet (the landing asks for a name and a password); `existing`: sign in as it first. */
  account: 'new' | 'existing';
}

/**
 * A row of GET /api/job/{id}/certifier-invitations (the buyer's): an invitation sent, and whether
 * its link still works (`pending`), named the certifier (`accepted`), ran out (`expired`) or was
 * withdrawn (`revoked`). Newest first.
 */
export interface CertifierInvitationView {
  invitation_id: string;
  email: string;
  sent_at: string;
  expires_at: string;
  status: 'pending' | 'accepted' | 'expired' | 'revoked';
}

/** POST /api/certifier-invitations/{code}/accept: the account that now certifies the project's pay applications. */
export interface CertifierInvitationAccepted {
  user_id: number;
  job_id: number;
  role: 'certifier';
}
