/**
 * The API's milestone answers, written once: the backend's views are typed by these and the
 * frontend's api layer imports them (style rule 10). Amounts are strings with two decimals.
 */
import type { SiteState } from '../lien-waivers/states';
import type { ApprovalStatus, DisputeResolution, ReminderRecipient } from '../milestones/events';
import type { BadgeColour } from '../milestones/milestone.labels';
import type { PayeeType } from '../money/fees';
import type { CompanyRole } from '../teams/permissions';

export type PartyName = 'buyer' | 'seller';

/** Who must act for held funds to move on; `you` when it is the asking user (or their company). */
export interface MustActView {
  who: ReminderRecipient;
  company_id: number | null;
  /** The payee company's name, when `who` is a payee. */
  name: string | null;
  action: string;
  you: boolean;
}

/** The clock on a milestone's held funds: since when, the next date that matters, who must act. */
export interface HeldFundsClockView {
  held_since: string | null;
  in_custody: string;
  retainage_held: string;
  next_date: { kind: 'funds_clear' | 'completion_due'; at: string } | null;
  must_act: MustActView[];
}

/** One milestone as its card shows it (GET /api/job/{id}/milestones; every milestone command answers it too). */
export interface MilestoneView {
  m_id: number;
  original_id: number;
  job_id: number;
  title: string;
  definition: string;
  position: number;
  author_id: number;
  author_name: string | null;
  /** The author's role in their company when they proposed it (issue 37); null for a buyer or a proposal from before roles. */
  author_company_role: CompanyRole | null;
  /** The side that proposed the version the card shows. */
  author_party: PartyName;
  locked: boolean;
  is_current: boolean;
  is_original: boolean;
  edit_is_current: boolean;
  has_current_edit: boolean;
  user_is_customer: boolean;
  user_created_edits: boolean;
  user_marked_complete: boolean;
  edit_count: number;
  rejected_count: number;
  not_approved_count: number;
  complete_count: number;
  incomplete_count: number;
  deposit_count: number;
  /** Files on the milestone (any version, removed ones included): the card asks for its files only when there are some. */
  attachment_count: number;
  deposit_sum: string;
  deposit_total: string;
  user_approval_status: ApprovalStatus;
  primary_company_name: string | null;
  customer_name: string | null;
  total_disbursements_planned: string;
  total_disbursed: string;
  amount: string;
  fee_total: string;
  label: string;
  status: string;
  status_colour: BadgeColour;
  approval_message: string;
  buyer_approval: ApprovalStatus;
  seller_approval: ApprovalStatus;
  can_edit: boolean;
  shows_edit_history: boolean;
  completion: { buyer: boolean; seller: boolean };
  marked_complete_by_both: boolean;
  completion_text: string | null;
  held: string;
  refunded: string;
  deposit_pending: boolean;
  funded: boolean;
  /** Settled ACH funds can still be returned by the bank until they clear; payees are paid after. */
  funds_cleared: boolean;
  funds_clear_at: string | null;
  response_deadline: string | null;
  next_action: string | null;
  /** The card version's retainage percentage and the state whose lien waivers its payments exchange (null: none). */
  retainage_percent: string;
  lien_waiver_state: SiteState | null;
  /** Retainage withheld from this milestone's payments and not yet released or refunded. */
  retainage_held: string;
  /** The clock on the milestone's held funds. */
  clock: HeldFundsClockView;
  /** Lien waivers of this milestone's payments still missing, and how many conditional ones (their payments wait) the asking user's company owes. */
  waivers_missing: number;
  waivers_to_sign: number;
  /** Payouts (disbursements or retainage) not yet paid out: the card keeps polling while there are some. */
  payouts_pending: boolean;
  /** The newest edit still waiting for a decision (it shows in the edit history), if any. */
  pending_edit: {
    m_id: number;
    author_id: number;
    author_name: string | null;
    author_company_role: CompanyRole | null;
    author_party: PartyName;
    user_approval_status: ApprovalStatus;
    /** Each side's decision on it, for Your Actions to say whose approval it waits for. */
    buyer_approval: ApprovalStatus;
    seller_approval: ApprovalStatus;
    approval_message: string;
  } | null;
  dispute: {
    dispute_id: number;
    status: 'open' | 'resolved';
    opened_by: string | null;
    opened_by_party: PartyName;
    statement: string;
    opened_at: string;
    response: { by: string | null; statement: string; at: string } | null;
    resolution: { resolution: DisputeResolution; release_amount: string; refund_amount: string; note: string; at: string } | null;
    /** A resolution waiting for a second administrator (four eyes), or null. */
    proposal: ResolutionProposalView | null;
  } | null;
}

/**
 * 202 of POST /api/admin/milestones/{id}/dispute/resolve: the resolution moves more than
 * FOUR_EYES_ABOVE, so it is proposed and waits for a different administrator.
 */
export interface DisputeResolutionProposed {
  message: string;
  proposal: ResolutionProposalView | null;
}

/** A dispute resolution proposed by one administrator, waiting for a different one to approve it. */
export interface ResolutionProposalView {
  proposal_id: number;
  /** The proposer (admins and the parties see who proposed it). */
  proposed_by: string | null;
  proposed_by_id: number;
  resolution: DisputeResolution;
  release_amount: string;
  refund_amount: string;
  note: string;
  proposed_at: string;
  /** The dispute changed after it was proposed: it can only be rejected. */
  stale: boolean;
  /** What the dispute shows while it waits. */
  message: string;
}

export interface VersionPayeeView {
  mp_id: number;
  company_id: number;
  name: string | null;
  type: PayeeType;
  percentage: string | null;
  amount: string;
  includeFee: boolean;
  fee: string;
  net: string;
  amt_bc_owes: string;
  /** Withheld from the payee's payment until the project's retainage is released. */
  retainage: string;
}

/** A version of a milestone (GET /api/milestone/{id}/edits, oldest first). */
export interface VersionView {
  m_id: number;
  original_id: number;
  job_id: number;
  is_original: boolean;
  is_current: boolean;
  based_on: number | null;
  title: string;
  definition: string;
  position: number;
  author_id: number;
  author_name: string | null;
  author_company_role: CompanyRole | null;
  author_party: PartyName;
  created: string;
  label: string;
  status: 'proposed' | 'current' | 'replaced' | 'closed';
  buyer_approval: ApprovalStatus;
  seller_approval: ApprovalStatus;
  approval_message: string;
  amount: string;
  fee_total: string;
  deposit_total: string;
  retainage_percent: string;
  retainage_total: string;
  lien_waiver_state: SiteState | null;
  payees: VersionPayeeView[];
}

/** A payee of a version with what it has been paid (GET /api/milestone/{id}/payees, docs/product.md#payee). */
export interface PayeeView {
  jc_id: number;
  mp_id: number;
  company_id: number;
  name: string | null;
  type: PayeeType;
  percentage: string | null;
  percent_decimal: string | null;
  amount: string;
  includeFee: boolean;
  feeIncluded: boolean;
  fee: string;
  net: string;
  amt_bc_owes: string;
  amt_remaining: string;
  disbursement_sum: string;
  disbursement: {
    name: string | null;
    amount: string;
    status: 'requested' | 'paid';
    paid_at: string | null;
    payout_account: PayoutAccountView | null;
    hold: PayoutHoldView | null;
  } | null;
  /** Retainage of this payee: the version's figure, what is held now, and its release once it is asked for. */
  retainage: string;
  retainage_held: string;
  retainage_release: {
    amount: string;
    status: 'requested' | 'paid';
    paid_at: string | null;
    payout_account: PayoutAccountView | null;
    hold: PayoutHoldView | null;
  } | null;
  /** A payment of this payee waits for its conditional lien waiver. */
  awaiting_waiver: boolean;
}

/** A deposit (GET /api/milestone/{id}/deposits; POST /api/milestone/deposit adds milestone_id). */
export interface DepositView {
  md_id: number;
  m_id: number;
  amount: string;
  created: string;
  payment_status: 'pending' | 'settled' | 'failed' | 'returned';
  deposit_complete: boolean;
  settled_at: string | null;
  clears_at: string | null;
  cleared_at: string | null;
  returned_at: string | null;
  return_code: string | null;
  failure_reason: string | null;
  bank_last4: string | null;
}

/** What was released to a payee (GET /api/milestone/{id}/disbursements, matched by mp_id). */
export interface DisbursementView {
  disbursement_id: number;
  mp_id: number;
  company_id: number;
  name: string | null;
  amount: string;
  fee: string;
  status: 'requested' | 'paid';
  cause: 'completion' | 'dispute';
  created: string;
  paid_at: string | null;
  retainage: string;
  /** The account it was paid to, or is to be paid to (the company's payout account now), masked. */
  payout_account: PayoutAccountView | null;
  /** Why a payment not yet made waits for its account (null: it does not). */
  hold: PayoutHoldView | null;
}

/** A bank account as payments show it: never the number. */
export interface PayoutAccountView {
  last4: string;
  /** "••••6789" */
  masked: string;
  bank_name: string | null;
}

/** "held: payout account changed on Nov 26, 2026", or "waiting for a verified payout account". */
export type PayoutHoldView = { reason: 'payout_account_changed'; since: string; until: string; text: string } | { reason: 'no_payout_account'; text: string };

export interface PayeeOption {
  jc_id: number;
  company_id: number;
  name: string;
}

/** Who can be paid from a milestone of this project (GET /api/milestones/form/job/{id}). */
export interface MilestoneFormData {
  job_id: number;
  primary: PayeeOption | null;
  subs: PayeeOption[];
  /** The project's retainage percentage and job-site state now: a new version freezes them. */
  retainage_percent: string;
  site_state: SiteState | null;
}

/** POST /api/milestone: a new milestone, or with original_id an edit of one. */
export interface MilestonePayload {
  job_id: number;
  title?: string;
  definition: string;
  position?: number;
  original_id?: number | null;
  amount?: string | null;
  payees: { jc_id: number; type: PayeeType; amount?: string | null; percentage?: string | null; includeFee: boolean }[];
}

/** What POST /api/milestone answers. */
export interface ProposedMilestoneIds {
  m_id: number;
  original_id: number;
  job_id: number;
}
