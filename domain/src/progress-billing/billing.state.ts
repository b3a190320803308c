import type { SiteState } from '../lien-waivers/states';
import type { AttachedFile, Party, WaiverKind } from '../milestones/events';
import type { RetainageResolution } from '../projects/events';
import type { RetainageEvidence } from '../projects/project.retainage-evidence';
import type { BillingPayment, PayeeAmount, ValueChange } from './events';
import type { BillingLine, LineToDate, PayApplicationSummary, PayeeFigures } from './pay-application.figures';
import type { BilledLine, CertifiedLine } from './pay-application.rules';
import type { ScheduleLine } from './schedule';

/** One version of the schedule of values, with who proposed, approved or rejected it: the edit history. */
export interface ScheduleVersionState {
  versionId: number;
  /** 1, 2, … in the order the project's versions were proposed: what people call it (the id is the store's, shared by every project). */
  number: number;
  basedOnVersionId: number | null;
  lines: ScheduleLine[];
  contractSum: string;
  proposedBy: number;
  proposedAt: string;
  status: 'proposed' | 'current' | 'replaced' | 'closed' | 'rejected';
  approvedBy: number | null;
  approvedAt: string | null;
  rejection: { by: number; reason: string | null; at: string } | null;
}

interface Certification {
  by: number;
  byRole: 'buyer' | 'certifier';
  lines: CertifiedLine[];
  summary: PayApplicationSummary;
  payees: PayeeFigures[];
  toDate: Record<string, LineToDate>;
  at: string;
}

/** A payment to payees (a pay application's, or released retainage) and the payouts reported paid. */
export interface PaymentState {
  payees: PayeeAmount[];
  total: string;
  /** Provider references of the payouts reported paid, by payee id. */
  paid: Record<number, string>;
  /** The job site's state whose lien waivers its payouts exchange (absent: none). */
  lienWaiverState?: SiteState | null;
}

export interface ApplicationState {
  applicationNumber: number;
  revision: number;
  periodTo: string;
  status: 'submitted' | 'certified' | 'accepted';
  lines: BilledLine[];
  billed: PayApplicationSummary;
  submittedBy: number;
  submittedAt: string;
  certification: Certification | null;
  /** Earlier revisions with the certification each got: the application's history. */
  revisions: { revision: number; lines: BilledLine[]; certification: Certification | null; submittedAt: string }[];
  accepted: { by: number; automatic: boolean; at: string } | null;
  payment: PaymentState | null;
  /** The released payment drawn from cleared funds (null: released and waiting for them, or nothing released). */
  funding: { drawn: string; retainage: string; at: string } | null;
  /**
   * The schedule and the certificates before this application, as they stood when it was
   * submitted: neither changes while it is open (change orders and retainage releases wait), so
   * its G703 columns can be computed again at any time, after later change orders too.
   */
  basis: { schedule: BillingLine[]; previous: Record<string, LineToDate> };
}

export interface ChangeOrderState {
  changeOrderId: number;
  party: Party;
  by: number;
  reason: string;
  attachmentIds: string[];
  changes: ValueChange[];
  newLines: ScheduleLine[];
  netChange: string;
  proposedAt: string;
  status: 'proposed' | 'approved' | 'rejected';
  decided: { party: Party; by: number; reason: string | null; at: string } | null;
}

/** A certifier invitation as the stream recorded it: its link works while pending and before it expires. */
interface CertifierInvitationState {
  status: 'pending' | 'accepted' | 'revoked';
  expiresAt: string;
  by: number;
}

/** A deposit into the project's escrow balance, as the payment provider reported it. */
export interface BillingDepositState {
  depositId: number;
  /** What escrow is credited; `fee` (docs/product.md#fees) comes on top, `total` is what the buyer's account is debited. */
  amount: string;
  fee: string;
  total: string;
  status: 'pending' | 'settled' | 'failed' | 'returned';
  requestedBy: number;
  requestedAt: string;
  bankAccountLast4: string | null;
  settledAt: string | null;
  /** When the ACH return window closes and the funds may be paid out. */
  clearsAt: string | null;
  clearedAt: string | null;
  failureReason: string | null;
  returnCode: string | null;
}

/** A payee's share of a funded payment, handed to the provider as one payout. */
export interface BillingPayoutState {
  payoutId: number;
  payment: BillingPayment;
  payeeId: number;
  amount: string;
  fundedAt: string;
  paid: { providerReference: string; at: string } | null;
  /** The state whose lien waivers it exchanges (absent or null: none). */
  lienWaiverState?: SiteState | null;
  /** The waivers signed or issued for it (absent in states folded before waivers). */
  waivers?: BillingWaiverState[];
}

/** A payout's lien waiver as recorded: signed by a user of the payee company, or the unconditional one issued on payment. */
export interface BillingWaiverState {
  kind: WaiverKind;
  waiverHash: string;
  waiverName: string;
  /** Null for an unconditional waiver recorded as issued. */
  signedBy: number | null;
  at: string;
}

/** A file uploaded to the project's billing, named by pay application lines and change orders. */
export interface BillingFileState extends AttachedFile {
  attachmentId: string;
  party: Party;
  by: number;
  at: string;
}

/** A reminder of the shortfall, one per application and reminder period. */
interface BillingShortfallReminderState {
  applicationNumber: number;
  period: number;
  amount: string;
  depositBy: string;
  at: string;
}

/** Everything the billing rules of one project need, folded from `billing-<jobId>`. JSON-serialisable. */
export interface ActiveBilling {
  status: 'active';
  jobId: number;
  customerId: number;
  companyId: number;
  versions: ScheduleVersionState[];
  currentVersionId: number | null;
  /** The schedule as it stands: the approved version's lines, changed by approved change orders. */
  lines: BillingLine[];
  /** What the accepted certificates say of each line (absent: nothing certified on it yet). */
  toDate: Record<string, LineToDate>;
  certifier: { userId: number; namedBy: number; at: string } | null;
  /** The certifier invitations sent, by id (absent in states folded before invitations existed). */
  certifierInvitations?: Record<string, CertifierInvitationState>;
  applications: ApplicationState[];
  changeOrders: ChangeOrderState[];
  /** A party asked for the retainage at substantial completion; the other has not answered yet. */
  retainageRequest: { party: Party; by: number; at: string } | null;
  /** `party`, `by`: who approved it (absent in states folded before they were kept); `party` null: an administrator's resolution of dispute `disputeId`. */
  retainageReleases: (PaymentState & { releaseNumber: number; at: string; party?: Party | null; by?: number; disputeId?: number | null })[];
  /** An open retainage dispute, waiting for an administrator (absent in states folded before disputes existed). */
  retainageDispute?: BillingRetainageDispute | null;
  /** Every administrator's decision of a retainage dispute. */
  retainageDecisions?: {
    disputeId: number;
    resolution: RetainageResolution;
    amount: string;
    by: number;
    approvedBy: number | null;
    note: string;
    at: string;
  }[];
  /** Files attached to retainage disputes, removed ones marked (absent: none). */
  retainageEvidence?: RetainageEvidence[];
  /** Retainage refunded to the buyer by a dispute's resolution, and whether the provider paid it. */
  retainageRefunds?: BillingRetainageRefund[];
  /** The buyer's requests to get back escrow funds the contract no longer needs (absent: none). */
  balanceReturns?: BillingBalanceReturn[];
  /** The project's escrow balance: the buyer's deposits, and the payouts drawn from it. */
  deposits: BillingDepositState[];
  payouts: BillingPayoutState[];
  /** The files uploaded to the billing (absent in states folded before files existed). */
  files?: BillingFileState[];
  /** The shortfall reminders the held-funds clock recorded (absent in states folded before they were). */
  shortfallReminders?: BillingShortfallReminderState[];
  updatedAt: string;
}

interface BillingRetainageDispute {
  disputeId: number;
  party: Party;
  by: number;
  statement: string;
  at: string;
  /** A resolution waiting for a second administrator (four eyes). */
  proposal: { proposalId: number; by: number; resolution: RetainageResolution; amount: string; note: string; at: string } | null;
  proposals: number;
  /** The second administrator who approved the proposal it is being resolved by. */
  approvedBy?: number | null;
}

interface BillingRetainageRefund {
  refundId: number;
  disputeId: number;
  lines: { line: string; payeeId: number; amount: string }[];
  payees: PayeeAmount[];
  total: string;
  at: string;
  paid: { providerReference: string; at: string } | null;
}

export interface BillingBalanceReturn {
  returnId: number;
  amount: string;
  needsSeller: boolean;
  requestedBy: number;
  requestedAt: string;
  status: 'pending' | 'declined' | 'returned';
  decided: { by: number; reason: string | null; at: string } | null;
  /** The refund it was handed to the provider as, and when (null until returned), and the provider's report. */
  refundId: number | null;
  returnedAt?: string | null;
  paid: { providerReference: string; at: string } | null;
}

export type BillingState = { status: 'none' } | ActiveBilling;

export const initialBillingState: BillingState = { status: 'none' };

/** The application waiting for certification or for the seller's acceptance, if any. */
export const openApplication = (state: ActiveBilling): ApplicationState | undefined => state.applications.find((a) => a.status !== 'accepted');
