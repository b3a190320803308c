import type { SiteState } from '../lien-waivers/states';
import type { MilestoneTerms } from '../money/fees';
import type { OriginalId, VersionId } from './ids';

/** The two sides of a project: the buyer (customer) and the seller's company. */
export type Party = 'customer' | 'company';
export type ApprovalStatus = 'pending' | 'approved' | 'rejected';
export type DisputeResolution = 'release' | 'refund' | 'split';
/** What a lien waiver is given for: a disbursement of a milestone, or the release of a payee's retainage. */
export type WaiverPayment = 'disbursement' | 'retainage';
/** Conditional: signed before the payment goes out, effective once it is received. Unconditional: once it was received. */
export type WaiverKind = 'conditional' | 'unconditional';
/** Who a reminder went to: a party, the users of a payee company, or the administrators. */
export type ReminderRecipient = 'buyer' | 'seller' | 'payee' | 'admin';

interface MilestoneEventBase {
  originalId: OriginalId;
  at: string;
}

/**
 * Events of the milestone stream `milestone-<originalId>`, which holds every version of one
 * milestone. Stored type strings: never rename them. Ids and amounts only, no personal data.
 */
export type MilestoneEvent =
  | {
      type: 'MilestoneProposed';
      data: MilestoneEventBase & {
        versionId: VersionId;
        jobId: number;
        customerId: number;
        companyId: number;
        title: string;
        definition: string;
        position: number;
        terms: MilestoneTerms;
        proposedBy: number;
        proposedByParty: Party;
      };
    }
  | {
      type: 'MilestoneEditProposed';
      data: MilestoneEventBase & {
        versionId: VersionId;
        basedOnVersionId: VersionId;
        title: string;
        definition: string;
        position: number;
        terms: MilestoneTerms;
        proposedBy: number;
        proposedByParty: Party;
      };
    }
  | { type: 'MilestoneVersionApproved'; data: MilestoneEventBase & { versionId: VersionId; party: Party; by: number } }
  | {
      type: 'MilestoneVersionRejected';
      data: MilestoneEventBase & { versionId: VersionId; party: Party; by: number; reason: string | null; automatic: boolean };
    }
  | {
      type: 'MilestoneVersionAgreed';
      data: MilestoneEventBase & { versionId: VersionId; replacedVersionId: VersionId | null; closedVersionIds: VersionId[]; depositTotal: string };
    }
  | {
      type: 'DepositRequested';
      data: MilestoneEventBase & { versionId: VersionId; depositId: number; amount: string; requestedBy: number; bankAccountLast4: string | null };
    }
  | {
      type: 'DepositSettled';
      /**
       * Schema version 2. `clearsAt`: when the ACH return window ends. Version 1 had neither field
       * (funds cleared at settlement): the upcaster in upcasters.ts sets `clearedOnSettlement`.
       */
      data: MilestoneEventBase & {
        depositId: number;
        amount: string;
        providerReference: string;
        responseDeadline: string;
        clearsAt: string;
        clearedOnSettlement: boolean;
      };
    }
  | { type: 'DepositFailed'; data: MilestoneEventBase & { depositId: number; reason: string } }
  | { type: 'DepositCleared'; data: MilestoneEventBase & { depositId: number; amount: string } }
  | { type: 'DepositReturned'; data: MilestoneEventBase & { depositId: number; amount: string; returnCode: string; reason: string } }
  | { type: 'MilestoneMarkedComplete'; data: MilestoneEventBase & { party: Party; by: number } }
  | { type: 'MilestoneCompletionWithdrawn'; data: MilestoneEventBase & { party: Party; by: number } }
  | { type: 'MilestoneCompletedByBoth'; data: MilestoneEventBase }
  | {
      type: 'DisbursementRequested';
      data: MilestoneEventBase & {
        /** One disbursement per payee and milestone: it carries the payee's id (mp_id). */
        disbursementId: number;
        payeeId: number;
        companyId: number;
        /** What the payee receives. */
        amount: string;
        /** The platform's fee on this payee, taken from escrow with the disbursement. */
        fee: string;
        cause: 'completion' | 'dispute';
        /**
         * Schema version 2. Withheld from what the payee receives (on top of `amount`), held in the
         * retainage account until released. Version 1 had none: the upcaster sets "0.00".
         */
        retainage: string;
        /** The state whose lien-waiver rules apply; null: no waivers for this payment. */
        lienWaiverState: SiteState | null;
      };
    }
  | {
      type: 'DisbursementPaid';
      data: MilestoneEventBase & { disbursementId: number; companyId: number; amount: string; providerReference: string; payoutAccount: PaidToAccount | null };
    }
  | { type: 'DisputeOpened'; data: MilestoneEventBase & { disputeId: number; party: Party; by: number; statement: string } }
  | { type: 'DisputeResponded'; data: MilestoneEventBase & { disputeId: number; party: Party; by: number; statement: string } }
  | {
      type: 'DisputeResolved';
      data: MilestoneEventBase & { disputeId: number; by: number; resolution: DisputeResolution; releaseAmount: string; refundAmount: string; note: string };
    }
  | {
      /**
       * Four eyes: a resolution moving more than FOUR_EYES_ABOVE, proposed by one administrator;
       * nothing moves until a different one approves it (ResolutionApproved).
       */
      type: 'ResolutionProposed';
      data: MilestoneEventBase & {
        disputeId: number;
        proposalId: number;
        by: number;
        resolution: DisputeResolution;
        releaseAmount: string;
        refundAmount: string;
        note: string;
        /** The threshold it was above when proposed. */
        fourEyesAbove: string;
      };
    }
  | {
      /** A second administrator approved the proposal: the resolution's own events follow in the same append. */
      type: 'ResolutionApproved';
      data: MilestoneEventBase & { disputeId: number; proposalId: number; by: number; proposedBy: number };
    }
  | {
      /** Rejected by another administrator, or withdrawn by its proposer (by === proposedBy): another may be proposed. */
      type: 'ResolutionRejected';
      data: MilestoneEventBase & { disputeId: number; proposalId: number; by: number; proposedBy: number; note: string };
    }
  | { type: 'RefundRequested'; data: MilestoneEventBase & { refundId: number; amount: string; reason: 'dispute' | 'deadline' } }
  | { type: 'RefundPaid'; data: MilestoneEventBase & { refundId: number; amount: string; providerReference: string } }
  | {
      /** The project's retainage release reached this milestone: one payee's retainage leaves the retainage account for them. */
      type: 'RetainageReleased';
      data: MilestoneEventBase & { payeeId: number; companyId: number; amount: string; cause: 'approval' | 'dispute'; lienWaiverState: SiteState | null };
    }
  | {
      type: 'RetainagePaid';
      data: MilestoneEventBase & { payeeId: number; companyId: number; amount: string; providerReference: string; payoutAccount: PaidToAccount | null };
    }
  | {
      /** An administrator's resolution gives this milestone's retainage back to the buyer. */
      type: 'RetainageRefundRequested';
      data: MilestoneEventBase & { refundId: number; amount: string; payees: { payeeId: number; companyId: number; amount: string }[] };
    }
  | { type: 'RetainageRefundPaid'; data: MilestoneEventBase & { refundId: number; amount: string; providerReference: string } }
  | {
      /** A user of the payee company signed a lien waiver; its text (which names people) is kept outside events, by name and hash. */
      type: 'LienWaiverSigned';
      data: MilestoneEventBase & {
        payment: WaiverPayment;
        payeeId: number;
        companyId: number;
        kind: WaiverKind;
        amount: string;
        siteState: SiteState;
        waiverHash: string;
        waiverName: string;
        by: number;
      };
    }
  | {
      /** The payment reached the payee: the unconditional waiver for it was generated and recorded as issued. */
      type: 'LienWaiverIssued';
      data: MilestoneEventBase & {
        payment: WaiverPayment;
        payeeId: number;
        companyId: number;
        kind: 'unconditional';
        amount: string;
        siteState: SiteState;
        waiverHash: string;
        waiverName: string;
      };
    }
  | {
      /** A reminder about held funds went to whoever must act (at most one per reason and day). */
      type: 'HeldFundsReminderSent';
      data: MilestoneEventBase & { reason: string; to: ReminderRecipient; companyId: number | null; day: string; heldSince: string };
    }
  | { type: 'AttachmentAdded'; data: MilestoneEventBase & AttachedFile & { attachmentId: string; to: AttachmentTarget; by: number; byRole: AttacherRole } }
  | { type: 'AttachmentRemoved'; data: MilestoneEventBase & { attachmentId: string; by: number } };

/**
 * The payee's bank account a payout went to (masked: the last four digits). Null in events
 * written before payouts named their account (schema version 1, see upcasters).
 */
export interface PaidToAccount {
  bankAccountId: number;
  last4: string;
  bankName: string | null;
}

/**
 * What a file is evidence of, on the milestone's stream: the terms of a version (drawings, a
 * quote), the work done (photos, an inspection report), a side of a dispute, or why a version
 * was rejected.
 */
export type AttachmentTarget =
  { kind: 'version'; versionId: VersionId } | { kind: 'rejection'; versionId: VersionId } | { kind: 'completion' } | { kind: 'dispute'; disputeId: number };

/** Who attached a file: a party to the project, or an administrator (evidence in a dispute). */
export type AttacherRole = Party | 'admin';

/**
 * A file as the ledger records it. Its bytes are in the file store under `sha256`, so the hash
 * in the event is the proof of what was attached; `name` is data shown to people, never a path.
 * An image is stored drawn again without its metadata, so what is stored is not what its sender
 * holds: `originalSha256` and `originalSize` are of the bytes as they were uploaded (only their
 * hash and size: those bytes are not kept), equal to `sha256` and `size` for every other file.
 * Both are null in events written before they were recorded (schema version 1, see upcasters).
 */
export interface AttachedFile {
  name: string;
  size: number;
  mediaType: string;
  sha256: string;
  /** An image's thumbnail (WebP, in the file store too); null for documents. */
  thumbnailSha256: string | null;
  originalSha256: string | null;
  originalSize: number | null;
}

export type MilestoneEventType = MilestoneEvent['type'];

export const MILESTONE_EVENT_TYPES: readonly MilestoneEventType[] = [
  'MilestoneProposed',
  'MilestoneEditProposed',
  'MilestoneVersionApproved',
  'MilestoneVersionRejected',
  'MilestoneVersionAgreed',
  'DepositRequested',
  'DepositSettled',
  'DepositFailed',
  'DepositCleared',
  'DepositReturned',
  'MilestoneMarkedComplete',
  'MilestoneCompletionWithdrawn',
  'MilestoneCompletedByBoth',
  'DisbursementRequested',
  'DisbursementPaid',
  'DisputeOpened',
  'DisputeResponded',
  'DisputeResolved',
  'ResolutionProposed',
  'ResolutionApproved',
  'ResolutionRejected',
  'RefundRequested',
  'RefundPaid',
  'RetainageReleased',
  'RetainagePaid',
  'RetainageRefundRequested',
  'RetainageRefundPaid',
  'LienWaiverSigned',
  'LienWaiverIssued',
  'HeldFundsReminderSent',
  'AttachmentAdded',
  'AttachmentRemoved',
];

export const milestoneStreamId = (originalId: OriginalId): string => `milestone-${originalId}`;
