/**
 * The admin console's answers (/api/admin/...), written once: the backend's admin routes are typed
 * by these and the console's api layer imports them. Amounts are strings with two decimals;
 * instants are ISO 8601 strings.
 */
import type { AdminRole } from '../administrators/events';
import type { SiteState } from '../lien-waivers/states';
import type { DisputeResolution, ReminderRecipient, WaiverKind, WaiverPayment } from '../milestones/events';
import type { DepositState, DisbursementState, DisputeState, RefundState, RetainageRefundState, RetainageReleaseState } from '../milestones/milestone.state';
import type { ProjectRetainage } from '../projects/project.retainage';
import type { CompanyRole } from '../teams/permissions';
import type { AgreementSignatureView } from './agreements';
import type { AttachmentView } from './attachments';
import type { CompanyView } from './directory';
import type { PartyName, PayoutAccountView, PayoutHoldView, ResolutionProposalView, VersionView } from './milestones';
import type { PayApplicationView, ProgressBillingView } from './progress-billing';
import type { ProjectSummary } from './projects';
import type { RetainageDisputeRow } from './retainage';

// ---- Disputes (GET /api/admin/disputes) ----

/** A party's answer to a dispute, with who wrote it. */
export interface AdminDisputeResponse {
  by: string | null;
  party: PartyName;
  statement: string;
  at: string;
}

/** An administrator's decision on a dispute, as the milestone's stream recorded it. */
export interface AdminDisputeResolution {
  /** The administrator's user id. */
  by: number;
  resolution: DisputeResolution;
  releaseAmount: string;
  refundAmount: string;
  note: string;
  at: string;
}

/** One dispute with both sides' statements, newest opened first. */
export interface AdminDisputeRow {
  dispute_id: number;
  original_id: number;
  job_id: number;
  milestone_title: string;
  buyer: string | null;
  seller: string | null;
  status: 'open' | 'resolved';
  opened_by_party: PartyName;
  opened_by: string | null;
  statement: string;
  opened_at: string;
  response: AdminDisputeResponse | null;
  /** What the milestone holds in escrow now. */
  held: string;
  resolution: AdminDisputeResolution | null;
  /** A resolution waiting for a second administrator (four eyes), or null. */
  proposal: ResolutionProposalView | null;
  /** FOUR_EYES_ABOVE: a resolution moving more than this (dollars) waits for a second administrator. */
  four_eyes_above: string;
}

// ---- Money: dashboard, payments, reports ----

/** The money of one calendar month, from the ledger. */
export interface MonthlyMoneyRow {
  /** YYYY-MM. */
  month: string;
  deposits: string;
  disbursed: string;
  fees: string;
  refunds: string;
}

/** Who must act on a project's held funds, by name (each person or company once). */
export interface HeldFundsActorView {
  who: ReminderRecipient;
  /** The payee company's name, when `who` is a payee. */
  name: string | null;
  action: string;
}

/** A project holding funds (by milestones or by progress billing), with the clock on them: oldest first. */
export interface HeldByProjectRow {
  job_id: number;
  service: string;
  buyer: string | null;
  seller: string | null;
  /** In escrow. */
  held: string;
  retainage_held: string;
  /** In escrow, owed to payees or the buyer and not paid out yet, and retained. */
  in_custody: string;
  /** Since when the oldest of its milestones has held funds (progress billing: its first settled deposit). */
  since: string;
  age_days: number;
  /** The next date that matters across its milestones (progress billing: when a deposit clears), or null. */
  next_date: { kind: 'funds_clear' | 'completion_due'; at: string } | null;
  must_act: HeldFundsActorView[];
}

/** GET /api/admin/dashboard: the money across every project and who it waits on. */
export interface AdminDashboardView {
  /** In escrow now. */
  held: string;
  retainage_held: string;
  deposits_pending: { count: number; amount: string };
  deposited_this_month: string;
  disbursed_this_month: string;
  fees_this_month: string;
  refunded_this_month: string;
  open_disputes: number;
  retainage_disputes: RetainageDisputeRow[];
  /** Open milestones waiting on each side's next action. */
  waiting_on: { buyer: number; seller: number };
  held_by_project: HeldByProjectRow[];
  /** The last six months, oldest first. */
  monthly: MonthlyMoneyRow[];
}

export type AdminPaymentKind = 'deposit' | 'disbursement' | 'refund';

/** GET /api/admin/payments: one deposit, disbursement or refund, newest first. */
export interface AdminPaymentRow {
  kind: AdminPaymentKind;
  id: number;
  job_id: number;
  original_id: number;
  amount: string;
  /** The platform's fee, on disbursements (and on a progress-billed project's deposits, where it comes on top of `amount`). */
  fee: string | null;
  /** pending, settled, failed or returned (deposits); requested or paid (disbursements, refunds). */
  status: string;
  created_at: string;
  completed_at: string | null;
  /** The buyer's name (deposits, refunds) or the payee company's (disbursements). */
  party: string | null;
  party_role: 'buyer' | 'payee';
  /** A refund of retainage to the buyer (its id is the retainage dispute's, shared by the project's milestones). */
  retainage: boolean;
  /**
   * A progress-billed project's deposit into its escrow balance or payout to a payee (of a pay
   * application or a retainage release): `id` is the deposit's, or the payout's number in the
   * project, and `original_id` is the project's.
   */
  progress_billing: boolean;
}

/** Funds in escrow at the end of one day. */
export interface HeldOnDayRow {
  /** YYYY-MM-DD. */
  day: string;
  held: string;
}

/** How long an agreed milestone took from approval to deposit and from deposit to its close. */
export interface AgeingRow {
  original_id: number;
  job_id: number;
  title: string;
  status: string;
  created_at: string;
  agreed_at: string;
  funded_at: string | null;
  completed_at: string | null;
  /** completed_at, or when a dispute's refund or split closed it. */
  closed_at: string | null;
  /** Days with one decimal; counted up to now while not deposited. */
  days_approval_to_deposit: string;
  /** Days with one decimal; counted up to now while open, null before the deposit. */
  days_deposit_to_completion: string | null;
}

/** The disputes that ended one way (or are still open). */
export interface DisputeOutcomeRow {
  /** release, refund, split or open. */
  outcome: string;
  count: number;
  refunded: string;
  released: string;
  /** Days with one decimal; null while none is resolved. */
  avg_days_to_resolve: string | null;
}

/** GET /api/admin/reports: the same figures GET /api/admin/reports/csv exports. */
export interface AdminReportsView {
  /** The last twelve months, oldest first. */
  monthly: MonthlyMoneyRow[];
  /** The last 90 days, oldest first. */
  held_over_time: HeldOnDayRow[];
  ageing: AgeingRow[];
  disputes: DisputeOutcomeRow[];
  /** Progress billing per project, every project billed by progress (docs/progress-billing.md, "The admin console"). */
  billing_by_project: BillingReportProjectRow[];
  /** Progress billing per month across projects, oldest first: the months with any figure. */
  billing_by_month: BillingReportMonthRow[];
}

/**
 * Progress billing's figures: `billed` and `certified` are the work and stored materials of the
 * pay applications (G702 line 4's growth) as the seller billed them and as certified, counted in
 * the month their period ends; `paid` is what the payees were paid (progress payments and
 * retainage releases) and `retained` the retainage withheld less released, counted in the month
 * the money moved (the ledger).
 */
export interface BillingReportFigures {
  billed: string;
  certified: string;
  paid: string;
  retained: string;
}

export interface BillingReportProjectRow extends BillingReportFigures {
  job_id: number;
  service: string;
}

export interface BillingReportMonthRow extends BillingReportFigures {
  /** YYYY-MM. */
  month: string;
}

// ---- Projects (GET /api/admin/projects, /api/admin/job/{id}/...) ----

/** A disbursement with its payee's name and the account it went (or will go) to. */
export interface AdminDisbursementView extends DisbursementState {
  name: string | null;
  payout_account: PayoutAccountView | null;
  hold: PayoutHoldView | null;
}

/** A payee's retainage released, with its name and the account it went (or will go) to. */
export interface AdminRetainageReleaseView extends RetainageReleaseState {
  name: string | null;
  payout_account: PayoutAccountView | null;
  hold: PayoutHoldView | null;
}

/** Retainage a milestone holds for one payee. */
export interface AdminRetainagePayeeView {
  mp_id: number;
  company_id: number;
  name: string | null;
  held: string;
}

/** A lien waiver a payment needs: missing, issued (unconditional, recorded) or signed. */
export interface AdminWaiverView {
  payment: WaiverPayment;
  mp_id: number;
  company_id: number;
  name: string | null;
  kind: WaiverKind;
  amount: string;
  site_state: SiteState;
  status: 'missing' | 'issued' | 'signed';
  due_since: string;
  waiver_name: string | null;
  at: string | null;
}

/** One milestone in full for an auditor: every version and payment as its stream recorded them. */
export interface AdminMilestoneView {
  original_id: number;
  title: string;
  held: string;
  deposited: string;
  versions: VersionView[];
  deposits: DepositState[];
  disbursements: AdminDisbursementView[];
  refunds: RefundState[];
  disputes: DisputeState[];
  retainage_held: string;
  retainage_by_payee: AdminRetainagePayeeView[];
  retainage_releases: AdminRetainageReleaseView[];
  /** Retainage an administrator's decision gave back to the buyer. */
  retainage_refunds: RetainageRefundState[];
  waivers: AdminWaiverView[];
}

/** A payee's payout of a progress payment or of a retainage release, as the billing stream recorded it. */
export interface AdminBillingPayoutView {
  payout_id: number;
  payment: { kind: 'application'; application_number: number } | { kind: 'retainage'; release_number: number };
  payee_id: number;
  /** The payee company's name now. */
  name: string | null;
  amount: string;
  funded_at: string;
  paid_at: string | null;
  provider_reference: string | null;
}

/** A progress-billed project's billing for an auditor: the schedule and escrow balance, every pay application and payout. */
export interface AdminBillingView {
  /** As GET /api/job/{id}/schedule answers an admin: the schedule, change orders, and the escrow balance with its deposits. */
  schedule: ProgressBillingView;
  /** Every pay application with its certificate, oldest first (the PDF and CSV at /api/job/{id}/pay-applications/{n}/pdf|csv). */
  applications: PayApplicationView[];
  payouts: AdminBillingPayoutView[];
}

/** GET /api/admin/job/{id}: one project in full. */
export interface AdminJobView {
  /** The project as the portal's lists show it (GET /api/admin/projects lists the same rows). */
  summary: ProjectSummary;
  milestones: AdminMilestoneView[];
  /** Null for a project billed by milestones (or progress-billed with no schedule proposed yet). */
  billing: AdminBillingView | null;
}

/** GET /api/admin/job/{id}/ledger: one double-entry posting, with its account's running balance. */
export interface LedgerPostingRow {
  event_id: string;
  line: number;
  position: string;
  original_id: number;
  account: string;
  company_id: number | null;
  /** The payee company's current name, when the posting concerns one. */
  company_name: string | null;
  amount: string;
  event_type: string;
  occurred_at: string;
  /** The account a payout went to, masked; null on other postings and on payouts before it was recorded. */
  paid_to: string | null;
  running_balance: string;
  /** Who caused the posting's event (issue 37): null for the system and the payment provider. */
  actor_id: number | null;
  /** That person's name now; null for the system and for an erased person. */
  actor_name: string | null;
  /** Their role in their company when they acted; null for others and on events from before roles. */
  actor_company_role: CompanyRole | null;
}

/** GET /api/admin/job/{id}/events: one stored event of the project's or its milestones' streams. */
export interface RawEventView {
  event_id: string;
  stream_id: string;
  revision: number;
  /** The place in the global order, "commit/prepare". */
  position: string;
  type: string;
  occurred_at: string;
  recorded_at: string;
  actor_id: string | null;
  actor_role: string | null;
  /** The person who acted (issue 37); null for the system and for an erased person. */
  actor_name: string | null;
  /** Their role in their company when they acted; null for others and on events from before roles. */
  actor_company_role: CompanyRole | null;
  data: Record<string, unknown>;
  metadata: Record<string, unknown>;
}

/** The project's own state at an instant. */
export interface AsOfProjectView {
  status: 'draft' | 'submitted' | 'discarded';
  service: string;
  customer_id: number;
  primary_company_id: number | null;
  terms: { retainagePercent: string; siteState: SiteState | null };
  retainage_decisions: ProjectRetainage['decisions'];
  /** The files in retainage disputes then: attached before that instant and not removed before it. */
  retainage_evidence: AttachmentView[];
}

/** A version of a milestone, in short. */
export interface AsOfVersionView {
  m_id: number;
  label: string;
  title: string;
  amount: string;
}

/** A milestone's balances at an instant. */
export interface AsOfMilestoneView {
  original_id: number;
  approved_version: VersionView | null;
  versions: AsOfVersionView[];
  held: string;
  deposited: string;
  disbursed: string;
  refunded: string;
  retainage_held: string;
  /** The evidence then: the files attached before that instant and not removed before it. */
  attachments: AttachmentView[];
}

/** GET /api/admin/job/{id}/as-of: the project rebuilt from its events up to an instant. */
export interface AsOfView {
  at: string;
  events_applied: number;
  /** Null when the project did not exist yet. */
  project: AsOfProjectView | null;
  milestones: AsOfMilestoneView[];
  /** Each ledger account's balance then. */
  balances: Record<string, string>;
  /** Retainage held for each payee then. */
  retainage_by_payee: { company_id: number; name: string | null; held: string }[];
}

/** GET /api/admin/job/{id}/contracts: an agreement text someone signed, with each party's signature of it. */
export interface SignedContractRow {
  contract_name: string;
  agreement_hash: string;
  first_signed_at: string;
  buyer: AgreementSignatureView | null;
  seller: AgreementSignatureView | null;
}

// ---- Users and companies ----

/** GET /api/admin/users: one user, newest first. */
export interface AdminUserRow {
  user_id: number;
  first_name: string;
  last_name: string;
  email: string;
  phone: string | null;
  role: 'admin' | null;
  /** Administrators only: support, finance, operations or owner. */
  admin_role: AdminRole | null;
  company_id: number | null;
  company_name: string | null;
  created_at: string;
  has_password: boolean;
  /** The last request of any of their sessions. */
  last_seen_at: string | null;
  projects_as_buyer: number;
}

/** PUT /api/admin/users/{id}/admin-role: the user's administrator role now. */
export interface AdminRoleView {
  user_id: number;
  role: 'admin' | null;
  admin_role: AdminRole | null;
}

export type CompanyKind = 'general_contractor' | 'subcontractor';

/** GET /api/admin/companies: one company, by name. */
export interface AdminCompanyRow {
  company_id: number;
  name: string;
  city: string | null;
  state: string | null;
  kind: CompanyKind;
  created_at: string;
  services: string[];
  /** How many users belong to it. */
  users: number;
}

/** PUT /api/admin/companies/{id}: the company's record after the change, with its services. */
export interface AdminCompanyDetail extends CompanyView {
  services: string[];
}
