/** The API's project answers: the portal's project list and page, the new-project screen, drafts. */

import type { SiteState } from '../lien-waivers/states';
import type { CompanyRole } from '../teams/permissions';
import type { ServiceView } from './directory';

/** Terms new milestone versions take when proposed (each version freezes its own). */
export interface ProjectTermsView {
  /** Percentage withheld from each payment ("5.00"; "0.00" for none). */
  retainagePercent: string;
  /** The job site's state, whose lien waivers go with every payment; null: no lien waivers. */
  siteState: SiteState | null;
}

/** The project's money, in dollars ("1250.00"), summed over its milestones. */
export interface ProjectTotalsView {
  /** What the agreed milestone versions ask to be deposited. */
  agreed: string;
  /** Deposits settled into escrow. */
  deposited: string;
  /** Still in escrow: deposited and not yet paid out or refunded. */
  held: string;
  /** Paid to payees, retainage releases included. */
  released: string;
  /** Retainage withheld and not yet released or refunded. */
  retainage_held: string;
  fees: string;
  /** Given back to the buyer, retainage included. */
  refunded: string;
  /** Still to deposit for the agreed milestones. */
  to_fund: string;
}

/** One project as the portal lists it (GET /api/projects, GET /api/job/{id}). */
export interface ProjectSummary {
  job_id: number;
  /** The main service provided ("Roofing"). */
  service: string;
  /** The buyer's user id. */
  customer_id: number;
  customer_name: string | null;
  /** The seller company; null while a buyer's draft has not chosen one. */
  primary_company_id: number | null;
  primary_company_name: string | null;
  /** Whether the buyer started the project. */
  customerInitiated: boolean;
  /** The user who started the project: only they resume or discard it while it is a draft. */
  created_by: number;
  is_draft: boolean;
  /** The caller's side in the project; null when they are neither buyer, seller nor admin. */
  your_role: 'buyer' | 'seller' | 'admin' | null;
  /** Complete once every milestone is closed and no retainage is held. */
  status: 'Draft' | 'Active' | 'Complete';
  terms: ProjectTermsView;
  created_at: string;
  submitted_at: string | null;
  updated_at: string;
  /** When each side last signed the escrow agreement; null if never. */
  signatures: { buyer: string | null; seller: string | null };
  milestone_count: number;
  totals: ProjectTotalsView;
  /** What the caller should do next and on which milestone ("Approve the milestone (Framing)"). */
  next_action: string | null;
  /** How many milestones wait on the caller. */
  waiting_on_you: number;
  /** How many milestones wait on each side (the admin dashboard's tiles). */
  waiting_on: { buyer: number; seller: number };
}

/** What an edit of a milestone changed, field by field. */
export interface ProjectHistoryChange {
  /** "title", "amount", "payee Saguaro Build Co.", … */
  field: string;
  from: string | null;
  to: string | null;
}

/** One event of the project with who, what and when (GET /api/job/{id}/history). */
export interface ProjectHistoryEntry {
  event_id: string;
  /** The event's position in the store ("commit/prepare"). */
  position: string;
  at: string;
  /** The event type ("MilestoneProposed"). */
  type: string;
  milestone_id: number | null;
  actor_id: number | null;
  /** Who acted; "Payment provider" for the system. */
  actor_name: string | null;
  actor_role: string | null;
  /** The person's role in their company when they acted (issue 37); null for others and on events from before roles. */
  actor_company_role: CompanyRole | null;
  /** One sentence for people; a company's action ends with the person and role ("— by Pat Manager (Project manager)."). */
  summary: string;
  changes: ProjectHistoryChange[];
  /** The event's own data, as stored (a waiver's name links to its printable page). */
  data: Record<string, unknown>;
}

/** A deposit into escrow for a milestone. */
export interface ProjectDepositRow {
  md_id: number;
  milestone_id: number;
  /** The milestone's title. */
  milestone: string;
  amount: string;
  /** A returned deposit was settled, then taken back by the bank inside the return window. */
  payment_status: 'pending' | 'settled' | 'failed' | 'returned';
  created: string;
  settled_at: string | null;
  /** When the bank can no longer return it. */
  clears_at: string | null;
  cleared_at: string | null;
  bank_last4: string | null;
}

/** A payment out of escrow to a payee. */
export interface ProjectDisbursementRow {
  disbursement_id: number;
  milestone_id: number;
  milestone: string;
  company_id: number;
  /** The payee company's name. */
  name: string | null;
  amount: string;
  fee: string;
  status: 'requested' | 'paid';
  cause: 'completion' | 'dispute';
  created: string;
  paid_at: string | null;
  /** Withheld from this payment into the retainage account. */
  retainage: string;
}

/** One payee's retainage on a milestone: withheld, then held, released (and paid) or refunded. */
export interface ProjectRetainageRow {
  milestone_id: number;
  milestone: string;
  /** The payee (milestone payee id). */
  mp_id: number;
  company_id: number;
  name: string | null;
  withheld: string;
  held: string;
  released: string;
  refunded: string;
  status: 'held' | 'requested' | 'paid' | 'refunded';
  withheld_at: string;
  paid_at: string | null;
}

/** Money back to the buyer: from escrow (dispute, response deadline) or retainage an administrator gave back. */
export interface ProjectRefundRow {
  /** A retainage refund's id is its retainage dispute's; a progress-billed project's refunds are numbered in its billing. */
  refund_id: number;
  /** Null for a progress-billed project's refund (its retainage, or unused escrow funds returned). */
  milestone_id: number | null;
  milestone: string;
  amount: string;
  reason: 'dispute' | 'deadline' | 'retainage' | 'balance_return';
  status: 'requested' | 'paid';
  created: string;
  paid_at: string | null;
}

/** GET /api/job/{id}/payments: what was deposited, released to whom and refunded, and when. */
export interface ProjectPayments {
  deposits: ProjectDepositRow[];
  disbursements: ProjectDisbursementRow[];
  retainage: ProjectRetainageRow[];
  refunds: ProjectRefundRow[];
}

/** What the new-project screen knows already: the seller's company, or the buyer starting it. */
export interface NewProjectFormData {
  /** The buyer starting it (customer=true only). */
  customer_id?: number;
  customer_name?: string;
  customerInitiated: boolean;
  /** The seller's company; null when the buyer starts the project and has not chosen one. */
  company_id: number | null;
  /** Never preselected: the seller chooses it. */
  service: string | null;
  primary_company_name: string | null;
}

/** GET /api/forms/jobs/new-job-form: services for the dropdown and what the form knows already. */
export interface NewProjectForm {
  services: ServiceView[];
  formData: NewProjectFormData;
}

/** POST /api/job/basic: the draft created (or the one an Idempotency-Key or job_id named). */
export interface ProjectDraftCreated {
  job_id: number;
}

/** The new-project screen's state, as PUT /api/job/basic normalised it. */
export interface ProjectDraftState {
  job_id: number;
  customer_id: number;
  /** The buyer's name as their account has it. */
  customer_name?: string;
  service: string;
  primary_company_id: number | null;
  primary_company_name: string | null;
  customerInitiated: boolean;
  new_customer?: boolean;
  alreadyExisted?: boolean;
}

/** The draft's seller, under both names the screen reads its id by. */
export interface ProjectDraftSeller {
  company_id: number;
  primary_company_id: number;
  primary_company_name: string;
}

/** PUT /api/job/basic: the draft's seller (null while none is chosen) and its state. */
export interface ProjectDraftBasics {
  primary: ProjectDraftSeller | null;
  state: ProjectDraftState;
}

/** PUT /api/job/{id}/draft: the project left the draft state. */
export interface ProjectSubmitted {
  job_id: number;
  is_draft: false;
}

/** DELETE /api/job/{id}: the draft is discarded. */
export interface ProjectDraftDiscarded {
  job_id: number;
  discarded: true;
}
