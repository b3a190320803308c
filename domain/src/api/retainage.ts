/**
 * The API's answers about retainage, lien waivers and the clock on held funds (issue 17),
 * written once for the backend's views and the frontend's api layer. Amounts are strings with
 * two decimals; times are ISO-8601.
 */
import type { SiteState } from '../lien-waivers/states';
import type { WaiverKind, WaiverPayment } from '../milestones/events';
import type { PartyName } from './milestones';

/**
 * What a waiver is for: a milestone's disbursement or retainage release, or a progress-billed
 * project's payout of a pay application's payment (`progress_payment`) or of a retainage release
 * (`progress_retainage`); for those two, `original_id` is the project and `mp_id` the payout.
 */
export type WaiverPaymentView = WaiverPayment | 'progress_payment' | 'progress_retainage';

/** A lien waiver one of a milestone's payments calls for (GET /api/milestone/{id}/waivers). */
export interface LienWaiverView {
  original_id: number;
  payment: WaiverPaymentView;
  mp_id: number;
  company_id: number;
  company_name: string | null;
  kind: WaiverKind;
  amount: string;
  site_state: SiteState;
  status: 'missing' | 'signed' | 'issued';
  due_since: string;
  waiver_name: string | null;
  signed_at: string | null;
  /** The asking user may sign it now (a user of the payee company, and the waiver is due). */
  can_sign: boolean;
  /** The text to read before signing, with its SHA-256 (only when `can_sign`). */
  text: string | null;
  waiver_hash: string | null;
}

/** A waiver of the asking user's company, across projects (GET /api/waivers). */
export interface CompanyWaiverView extends LienWaiverView {
  job_id: number;
  /** The milestone (its card's version id); null for a progress-billed payout. */
  m_id: number | null;
  /** The milestone's title, or the pay application and its period ("Pay application 2, period to 2026-12-31"), or "Retainage release 1". */
  milestone_title: string;
  /** A progress-billed payout's number in the project (signed at POST /api/job/{job_id}/billing/waivers/sign); null for a milestone's. */
  payout_id: number | null;
  service: string;
}

/** A generated waiver as it was signed or issued: the printable page (GET /api/waivers/{name}). */
export interface LienWaiverDocument {
  waiver_name: string;
  job_id: number;
  original_id: number;
  payment: WaiverPaymentView;
  mp_id: number;
  company_name: string | null;
  kind: WaiverKind;
  amount: string;
  site_state: SiteState;
  waiver_hash: string;
  text: string;
  status: 'signed' | 'issued' | 'not recorded';
  signed_name: string | null;
  signed_at: string | null;
  issued_at: string | null;
}

/** The admin's report of waivers still missing (GET /api/admin/reports/missing-waivers), oldest first. */
export interface MissingWaiverRow {
  job_id: number;
  /** The milestone; for a progress-billed payout (`progress_payment`, `progress_retainage`) the project, its payout `mp_id`. */
  original_id: number;
  /** The milestone's title, or "Pay application 2" / "Retainage release 1". */
  milestone_title: string;
  payment: WaiverPaymentView;
  mp_id: number;
  company_id: number;
  company_name: string | null;
  kind: WaiverKind;
  amount: string;
  site_state: SiteState;
  due_since: string;
  days_waiting: number;
}

/** One payee's retainage over the project's milestones. */
export interface RetainagePayeeView {
  company_id: number;
  name: string | null;
  withheld: string;
  released: string;
  refunded: string;
  held: string;
  paid: string;
}

/** The project's retainage and where its release stands (GET /api/job/{id}/retainage; the retainage commands answer it). */
export interface RetainageView {
  job_id: number;
  /** The project's terms now: new milestone versions take them. */
  retainage_percent: string;
  site_state: SiteState | null;
  withheld: string;
  held: string;
  released: string;
  refunded: string;
  by_payee: RetainagePayeeView[];
  milestones: { original_id: number; title: string; closed: boolean; held: string }[];
  open_milestones: number;
  request: { party: PartyName; by_name: string | null; amount: string; at: string } | null;
  dispute: { dispute_id: number; party: PartyName; by_name: string | null; statement: string; at: string } | null;
  decisions: { decided_by: 'parties' | 'admin'; resolution: 'release' | 'refund'; amount: string; at: string }[];
  your_party: PartyName | null;
  can_request: boolean;
  can_approve: boolean;
  can_dispute: boolean;
  /** What the asking user should do about the retainage now, in words, or null. */
  next_step: string | null;
}

/** An open dispute over a project's retainage, for the admin (GET /api/admin/retainage-disputes), oldest first. */
export interface RetainageDisputeRow {
  job_id: number;
  service: string;
  buyer: string | null;
  seller: string | null;
  /** Retainage the project holds now: what the resolution releases to the payees or refunds to the buyer. */
  held: string;
  opened_by_party: 'buyer' | 'seller';
  opened_by: string | null;
  statement: string;
  opened_at: string;
  /** A resolution waiting for a second administrator (four eyes), or null. */
  proposal: RetainageProposalView | null;
  /** FOUR_EYES_ABOVE: a resolution moving more than this (dollars) waits for a second administrator. */
  four_eyes_above: string;
}

/** A retainage resolution proposed by one administrator, waiting for a different one to approve it. */
export interface RetainageProposalView {
  proposal_id: number;
  proposed_by: string | null;
  proposed_by_id: number;
  resolution: 'release' | 'refund';
  amount: string;
  note: string;
  proposed_at: string;
  message: string;
}

/**
 * 202 of POST /api/admin/job/{id}/retainage/resolve: the resolution moves more than
 * FOUR_EYES_ABOVE, so it is proposed and waits for a different administrator.
 */
export interface RetainageResolutionProposed {
  message: string;
  proposal: RetainageProposalView;
}
