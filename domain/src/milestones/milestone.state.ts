import type { SiteState } from '../lien-waivers/states';
import type { MilestoneTerms } from '../money/fees';
import type {
  ApprovalStatus,
  AttachedFile,
  AttacherRole,
  AttachmentTarget,
  DisputeResolution,
  PaidToAccount,
  Party,
  ReminderRecipient,
  WaiverKind,
  WaiverPayment,
} from './events';
import type { OriginalId, VersionId } from './ids';

type VersionStatus = 'proposed' | 'current' | 'replaced' | 'closed';

export interface VersionState {
  versionId: VersionId;
  isOriginal: boolean;
  basedOnVersionId: VersionId | null;
  title: string;
  definition: string;
  position: number;
  terms: MilestoneTerms;
  proposedBy: number;
  proposedByParty: Party;
  proposedAt: string;
  approvals: Record<Party, ApprovalStatus>;
  approvedBy: Record<Party, number | null>;
  status: VersionStatus;
  agreedAt: string | null;
}

export interface DepositState {
  depositId: number;
  versionId: VersionId;
  amount: string;
  /** A returned deposit was settled, then taken back by the bank inside the return window. */
  status: 'pending' | 'settled' | 'failed' | 'returned';
  requestedBy: number;
  requestedAt: string;
  bankAccountLast4: string | null;
  settledAt: string | null;
  /** When the return window of a settled deposit ends. */
  clearsAt: string | null;
  /** Set once the return window passed: only cleared funds are disbursed or refunded. */
  clearedAt: string | null;
  failureReason: string | null;
  returnedAt: string | null;
  returnCode: string | null;
}

export interface DisbursementState {
  disbursementId: number;
  payeeId: number;
  companyId: number;
  amount: string;
  fee: string;
  status: 'requested' | 'paid';
  cause: 'completion' | 'dispute';
  requestedAt: string;
  paidAt: string | null;
  /** Withheld from this payee's payment into the retainage account. */
  retainage: string;
  lienWaiverState: SiteState | null;
  /** The account it was paid to (absent or null: paid before payouts named their account). */
  paidTo?: PaidToAccount | null;
}

/** One payee's retainage, released to them (one release per payee and milestone). */
export interface RetainageReleaseState {
  payeeId: number;
  companyId: number;
  amount: string;
  cause: 'approval' | 'dispute';
  status: 'requested' | 'paid';
  requestedAt: string;
  paidAt: string | null;
  lienWaiverState: SiteState | null;
  /** The account it was paid to (absent or null: paid before payouts named their account). */
  paidTo?: PaidToAccount | null;
}

export interface RetainageRefundState {
  refundId: number;
  amount: string;
  payees: { payeeId: number; companyId: number; amount: string }[];
  status: 'requested' | 'paid';
  requestedAt: string;
  paidAt: string | null;
}

export interface LienWaiverState {
  payment: WaiverPayment;
  payeeId: number;
  companyId: number;
  kind: WaiverKind;
  amount: string;
  siteState: SiteState;
  waiverHash: string;
  waiverName: string;
  /** The payee's user who signed it; null for an unconditional waiver recorded as issued. */
  signedBy: number | null;
  at: string;
}

interface ReminderState {
  reason: string;
  to: ReminderRecipient;
  companyId: number | null;
  day: string;
  at: string;
}

export interface RefundState {
  refundId: number;
  amount: string;
  reason: 'dispute' | 'deadline';
  status: 'requested' | 'paid';
  requestedAt: string;
  paidAt: string | null;
}

export interface ResolutionProposal {
  proposalId: number;
  by: number;
  resolution: DisputeResolution;
  releaseAmount: string;
  refundAmount: string;
  note: string;
  at: string;
  stale: boolean;
}

export interface DisputeState {
  disputeId: number;
  openedBy: number;
  openedByParty: Party;
  statement: string;
  openedAt: string;
  response: { by: number; party: Party; statement: string; at: string } | null;
  status: 'open' | 'resolved';
  /**
   * The resolution waiting for a second administrator (four eyes). `stale` once the dispute
   * changed after it was proposed (a response): it can then only be rejected. Absent in states
   * folded before four eyes existed.
   */
  proposal?: ResolutionProposal | null;
  /** How many resolutions were proposed on this dispute (numbers the next proposal). */
  proposals?: number;
  resolution: { by: number; resolution: DisputeResolution; releaseAmount: string; refundAmount: string; note: string; at: string } | null;
}

/** Everything the rules of one milestone need, folded from its stream. JSON-serialisable. */
export interface ActiveMilestone {
  status: 'active';
  originalId: OriginalId;
  jobId: number;
  customerId: number;
  companyId: number;
  createdAt: string;
  versions: VersionState[];
  currentVersionId: VersionId | null;
  completion: Record<Party, boolean>;
  completedBy: Record<Party, number | null>;
  completedByBoth: boolean;
  completedAt: string | null;
  deposits: DepositState[];
  disbursements: DisbursementState[];
  refunds: RefundState[];
  disputes: DisputeState[];
  responseDeadline: string | null;
  updatedAt: string;
  retainageReleases: RetainageReleaseState[];
  retainageRefunds: RetainageRefundState[];
  waivers: LienWaiverState[];
  reminders: ReminderState[];
  /** Every file attached to the milestone, removed ones included (marked): the ledger forgets nothing. */
  attachments: AttachmentState[];
}

interface AttachmentState extends AttachedFile {
  attachmentId: string;
  to: AttachmentTarget;
  by: number;
  byRole: AttacherRole;
  at: string;
  removed: { by: number; at: string } | null;
}

export type MilestoneState = { status: 'none' } | ActiveMilestone;

export const initialMilestoneState: MilestoneState = { status: 'none' };

/**
 * A state stored by an older version of the read side (before retainage and lien waivers, before
 * attachments), in the current shape: what its events upcast to would give. The read models are
 * rebuilt when the projector's version changes, but the API and a live projector may read the old
 * rows meanwhile.
 */
export function currentMilestoneShape(state: MilestoneState): MilestoneState {
  if (state.status !== 'active') return state;
  const withRetainage = Array.isArray((state as Partial<ActiveMilestone>).waivers) ? state : beforeRetainage(state);
  const attachments = (withRetainage as Partial<ActiveMilestone>).attachments;
  if (!Array.isArray(attachments)) return { ...withRetainage, attachments: [] };
  return attachments.every(recordsUpload) ? withRetainage : { ...withRetainage, attachments: attachments.map(withUploadNotRecorded) };
}

/** Whether a stored file says what was uploaded (or, recorded before that was, says it is not recorded). */
const recordsUpload = (file: AttachedFile): boolean => file.originalSha256 !== undefined;

/** A file stored by the read side before the bytes as uploaded were recorded: not recorded, as its upcast event says. */
export function withUploadNotRecorded<T extends AttachedFile>(file: T): T {
  return recordsUpload(file) ? file : { ...file, originalSha256: null, originalSize: null };
}

function beforeRetainage(state: ActiveMilestone): ActiveMilestone {
  const old = state as Omit<ActiveMilestone, 'retainageReleases' | 'retainageRefunds' | 'waivers' | 'reminders'>;
  return {
    ...old,
    versions: old.versions.map((v) => {
      const terms = v.terms as Partial<MilestoneTerms> & MilestoneTerms;
      return {
        ...v,
        terms: {
          ...terms,
          retainagePercent: terms.retainagePercent ?? '0.00',
          retainageTotal: terms.retainageTotal ?? '0.00',
          lienWaiverState: terms.lienWaiverState ?? null,
          payees: terms.payees.map((p) => ({ ...p, retainage: (p as Partial<typeof p>).retainage ?? '0.00' })),
        },
      };
    }),
    disbursements: old.disbursements.map((d) => {
      const partial = d as Partial<DisbursementState>;
      return { ...d, retainage: partial.retainage ?? '0.00', lienWaiverState: partial.lienWaiverState ?? null };
    }),
    retainageReleases: [],
    retainageRefunds: [],
    waivers: [],
    reminders: [],
  };
}
