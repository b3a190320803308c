import type { SiteState } from '../lien-waivers/states';
import type { AttachedFile, AttacherRole, Party, WaiverKind } from '../milestones/events';
import type { RetainageResolution } from '../projects/events';
import type { LineToDate, PayApplicationSummary, PayeeFigures } from './pay-application.figures';
import type { BilledLine, CertifiedLine } from './pay-application.rules';
import type { ScheduleLine } from './schedule';

interface BillingEventBase {
  jobId: number;
  at: string;
}

/** A payee's share of a payment: a pay application's current payment due, or released retainage. */
export interface PayeeAmount {
  payeeId: number;
  amount: string;
}

/** A change order's change to an existing line's scheduled value. */
export interface ValueChange {
  line: string;
  from: string;
  to: string;
}

/**
 * Events of the progress-billing stream `billing-<jobId>`: one per project that bills by progress
 * (docs/progress-billing.md#events). Stored type strings: never rename them. Ids, amounts and the
 * texts of the schedule, no personal data.
 */
export type BillingEvent =
  | {
      /** The seller proposes a version of the schedule of values; proposing it is the seller's approval. */
      type: 'ScheduleVersionProposed';
      data: BillingEventBase & {
        customerId: number;
        companyId: number;
        versionId: number;
        basedOnVersionId: number | null;
        lines: ScheduleLine[];
        contractSum: string;
        proposedBy: number;
      };
    }
  | {
      /** The buyer approved the version: it is the project's schedule now. */
      type: 'ScheduleVersionApproved';
      data: BillingEventBase & { versionId: number; by: number; replacedVersionId: number | null; closedVersionIds: number[]; contractSum: string };
    }
  | { type: 'ScheduleVersionRejected'; data: BillingEventBase & { versionId: number; by: number; reason: string | null } }
  /** The buyer invited a certifier by email: the address and the link's hash are the directory's (certifier_invitations), not the event's. */
  | { type: 'CertifierInvited'; data: BillingEventBase & { invitationId: string; expiresAt: string; by: number } }
  /** The buyer withdrew a pending certifier invitation: its link no longer works. */
  | { type: 'CertifierInvitationRevoked'; data: BillingEventBase & { invitationId: string; by: number } }
  /** `invitationId`: the invitation the certifier accepted, when named by one (`by` is then the buyer who sent it). */
  | { type: 'CertifierNamed'; data: BillingEventBase & { userId: number; by: number; invitationId?: string } }
  | { type: 'CertifierRemoved'; data: BillingEventBase & { userId: number; by: number } }
  | {
      /** A pay application, or a revision of one (revision > 1) after its certification was not accepted. */
      type: 'PayApplicationSubmitted';
      data: BillingEventBase & {
        applicationNumber: number;
        revision: number;
        /** The last day of the period it bills ("2026-11-30"). */
        periodTo: string;
        lines: BilledLine[];
        /** The G702 as billed, for the record: the certificate's figures are in PayApplicationCertified. */
        billed: PayApplicationSummary;
        by: number;
      };
    }
  | {
      type: 'PayApplicationCertified';
      data: BillingEventBase & {
        applicationNumber: number;
        revision: number;
        by: number;
        /** The buyer, or the certifier the buyer named. */
        byRole: 'buyer' | 'certifier';
        lines: CertifiedLine[];
        summary: PayApplicationSummary;
        payees: PayeeFigures[];
        /** Each line as the certificates stand once this one is accepted. */
        toDate: Record<string, LineToDate>;
      };
    }
  | {
      /**
       * The seller accepted the certified amounts (automatic when every line was certified as
       * billed): the current payment due is released to the payees in the same append.
       */
      type: 'PayApplicationAccepted';
      data: BillingEventBase & { applicationNumber: number; revision: number; by: number; automatic: boolean };
    }
  | {
      /** The current payment due leaves escrow for each line's payee (the escrow side waits for cleared funds). */
      type: 'PayApplicationPaymentReleased';
      data: BillingEventBase & {
        applicationNumber: number;
        payees: PayeeAmount[];
        total: string;
        /** The job site's state whose lien waivers each payout exchanges (absent in events from before waivers: none). */
        lienWaiverState?: SiteState | null;
      };
    }
  | {
      /**
       * Cleared funds cover the released payment: it is drawn from the project's escrow balance
       * (its payees' shares and the period's retainage, which stays held in escrow) and each
       * payee's share becomes a payout (kind progress_payment). In the release's append when the
       * cleared balance covers it, else in the append of the deposit whose clearing does.
       */
      type: 'PayApplicationPaymentFunded';
      data: BillingEventBase & {
        applicationNumber: number;
        payouts: BillingPayout[];
        total: string;
        retainage: string;
        /** The period's retainage per payee (the sum is `retainage`): the ledger holds it in each payee's retainage account. */
        retained: PayeeAmount[];
        drawn: string;
      };
    }
  | {
      type: 'BillingPayoutPaid';
      data: BillingEventBase & { payoutId: number; payment: BillingPayment; payeeId: number; amount: string; providerReference: string };
    }
  | {
      /** The buyer's ACH debit into the project's escrow balance: `amount` is credited, `fee` is the platform's (docs/product.md#fees), `total` is debited. */
      type: 'BillingDepositRequested';
      data: BillingEventBase & { depositId: number; amount: string; fee: string; total: string; requestedBy: number; bankAccountLast4: string | null };
    }
  | {
      /** The debit settled: `amount` enters escrow and the platform earns `fee` (the ledger posts both now). */
      type: 'BillingDepositSettled';
      data: BillingEventBase & { depositId: number; amount: string; fee: string; providerReference: string; clearsAt: string };
    }
  | { type: 'BillingDepositFailed'; data: BillingEventBase & { depositId: number; reason: string } }
  | { type: 'BillingDepositCleared'; data: BillingEventBase & { depositId: number; amount: string } }
  | {
      /** The bank took the debit back inside the return window: the settlement, fee included, is reversed. */
      type: 'BillingDepositReturned';
      data: BillingEventBase & { depositId: number; amount: string; fee: string; returnCode: string; reason: string };
    }
  | {
      type: 'ChangeOrderProposed';
      data: BillingEventBase & {
        changeOrderId: number;
        party: Party;
        by: number;
        reason: string;
        attachmentIds: string[];
        changes: ValueChange[];
        newLines: ScheduleLine[];
        netChange: string;
      };
    }
  | {
      /** The other party approved it: the contract sum changes from here on. */
      type: 'ChangeOrderApproved';
      data: BillingEventBase & { changeOrderId: number; party: Party; by: number; contractSumBefore: string; contractSumAfter: string };
    }
  | { type: 'ChangeOrderRejected'; data: BillingEventBase & { changeOrderId: number; party: Party; by: number; reason: string | null } }
  | { type: 'BillingRetainageReleaseRequested'; data: BillingEventBase & { party: Party; by: number } }
  | {
      /**
       * Substantial completion agreed by both parties (`party` approved it), or an administrator's
       * resolution of a retainage dispute (`party` null, `by` the administrator, `disputeId` set):
       * every line's held retainage goes to its payee.
       */
      type: 'BillingRetainageReleased';
      data: BillingEventBase & {
        releaseNumber: number;
        party: Party | null;
        by: number;
        disputeId?: number | null;
        lines: { line: string; amount: string }[];
        payees: PayeeAmount[];
        total: string;
        /** One payout per payee, numbered after the stream's earlier payouts: the retainage was drawn into escrow with each payment. */
        payouts: BillingPayout[];
      };
    }
  | {
      /** A party disputes the retainage instead of asking for or approving its release: a pending request ends, an administrator decides. */
      type: 'BillingRetainageDisputeOpened';
      data: BillingEventBase & { disputeId: number; party: Party; by: number; statement: string };
    }
  | {
      /** Four eyes: an administrator's resolution above FOUR_EYES_ABOVE waits for a second administrator. */
      type: 'BillingRetainageResolutionProposed';
      data: BillingEventBase & {
        disputeId: number;
        proposalId: number;
        by: number;
        resolution: RetainageResolution;
        amount: string;
        note: string;
        fourEyesAbove: string;
      };
    }
  | { type: 'BillingRetainageResolutionApproved'; data: BillingEventBase & { disputeId: number; proposalId: number; by: number; proposedBy: number } }
  | {
      type: 'BillingRetainageResolutionRejected';
      data: BillingEventBase & { disputeId: number; proposalId: number; by: number; proposedBy: number; note: string };
    }
  | {
      /** An administrator decided the dispute (`by`: who proposed it); a release or a refund follows in the same append. */
      type: 'BillingRetainageDisputeResolved';
      data: BillingEventBase & { disputeId: number; by: number; resolution: RetainageResolution; amount: string; note: string };
    }
  | {
      /**
       * The held retainage goes back to the buyer (a dispute resolved by refund): each line's
       * forfeited retainage, by payee, handed to the provider as one refund.
       */
      type: 'BillingRetainageRefundRequested';
      data: BillingEventBase & {
        refundId: number;
        disputeId: number;
        lines: { line: string; payeeId: number; amount: string }[];
        payees: PayeeAmount[];
        total: string;
      };
    }
  | { type: 'BillingRetainageRefundPaid'; data: BillingEventBase & { refundId: number; amount: string; providerReference: string } }
  | {
      /**
       * The buyer asked for `amount` of the escrow balance back (docs/progress-billing.md#returning-unused-funds):
       * within `surplus` (what the remaining contract does not need) it is returned in the same
       * append; beyond it (`needsSeller`) it waits for the seller's approval.
       */
      type: 'BillingBalanceReturnRequested';
      data: BillingEventBase & { returnId: number; amount: string; surplus: string; needsSeller: boolean; by: number };
    }
  | { type: 'BillingBalanceReturnApproved'; data: BillingEventBase & { returnId: number; by: number } }
  | { type: 'BillingBalanceReturnDeclined'; data: BillingEventBase & { returnId: number; by: number; reason: string | null } }
  | {
      /** The amount left escrow, owed back to the buyer: one refund (`refundId`, numbered with the retainage refunds) handed to the provider. */
      type: 'BillingBalanceReturned';
      data: BillingEventBase & { returnId: number; refundId: number; amount: string };
    }
  | { type: 'BillingBalanceReturnPaid'; data: BillingEventBase & { returnId: number; refundId: number; amount: string; providerReference: string } }
  | {
      /** A file attached to the open retainage dispute by a party or an administrator (the milestone project's RetainageEvidenceAdded). */
      type: 'BillingRetainageEvidenceAdded';
      data: BillingEventBase & AttachedFile & { disputeId: number; attachmentId: string; by: number; byRole: AttacherRole };
    }
  | { type: 'BillingRetainageEvidenceRemoved'; data: BillingEventBase & { disputeId: number; attachmentId: string; by: number } }
  | {
      /** A user of the payee company signed a payout's lien waiver; its text (which names people) is kept outside events, by name and hash. */
      type: 'BillingLienWaiverSigned';
      data: BillingEventBase & BillingWaiver & { by: number };
    }
  | {
      /** The payout reached the payee: its unconditional waiver was generated and recorded as issued. */
      type: 'BillingLienWaiverIssued';
      data: BillingEventBase & BillingWaiver;
    }
  | {
      /**
       * A party uploaded a file to the project's billing (an invoice or photos of stored materials,
       * a change order's drawings): pay application lines and change orders name it by its id.
       */
      type: 'BillingFileAdded';
      data: BillingEventBase & AttachedFile & { attachmentId: string; party: Party; by: number };
    }
  | {
      /**
       * The held-funds clock reminded the buyer to deposit `amount` by `depositBy` for pay
       * application `applicationNumber` (and told the seller's people): once per reminder period
       * (`period`, counted from the application's submission) while the shortfall lasts.
       */
      type: 'BillingShortfallReminded';
      data: BillingEventBase & { applicationNumber: number; period: number; amount: string; depositBy: string };
    };

/** A lien waiver of one payout: the same facts as a milestone payment's (LienWaiverSigned), the payout naming the payment. */
interface BillingWaiver {
  payoutId: number;
  payment: BillingPayment;
  payeeId: number;
  kind: WaiverKind;
  amount: string;
  siteState: SiteState;
  waiverHash: string;
  waiverName: string;
}

/** One payee's share of a funded payment, numbered in the project's stream (the payment instruction's reference). */
interface BillingPayout {
  payoutId: number;
  payeeId: number;
  amount: string;
  /** Its lien waivers' state: the conditional one is signed before it goes out (absent in events from before waivers: none). */
  lienWaiverState?: SiteState | null;
}

/** Which payment a payout report is about. */
export type BillingPayment = { kind: 'application'; applicationNumber: number } | { kind: 'retainage'; releaseNumber: number };

export type BillingEventType = BillingEvent['type'];
export const BILLING_EVENT_TYPES: readonly BillingEventType[] = [
  'ScheduleVersionProposed',
  'ScheduleVersionApproved',
  'ScheduleVersionRejected',
  'CertifierInvited',
  'CertifierInvitationRevoked',
  'CertifierNamed',
  'CertifierRemoved',
  'PayApplicationSubmitted',
  'PayApplicationCertified',
  'PayApplicationAccepted',
  'PayApplicationPaymentReleased',
  'PayApplicationPaymentFunded',
  'BillingPayoutPaid',
  'BillingDepositRequested',
  'BillingDepositSettled',
  'BillingDepositFailed',
  'BillingDepositCleared',
  'BillingDepositReturned',
  'ChangeOrderProposed',
  'ChangeOrderApproved',
  'ChangeOrderRejected',
  'BillingRetainageReleaseRequested',
  'BillingRetainageReleased',
  'BillingRetainageDisputeOpened',
  'BillingRetainageResolutionProposed',
  'BillingRetainageResolutionApproved',
  'BillingRetainageResolutionRejected',
  'BillingRetainageDisputeResolved',
  'BillingRetainageRefundRequested',
  'BillingRetainageRefundPaid',
  'BillingRetainageEvidenceAdded',
  'BillingRetainageEvidenceRemoved',
  'BillingLienWaiverSigned',
  'BillingLienWaiverIssued',
  'BillingFileAdded',
  'BillingShortfallReminded',
  'BillingBalanceReturnRequested',
  'BillingBalanceReturnApproved',
  'BillingBalanceReturnDeclined',
  'BillingBalanceReturned',
  'BillingBalanceReturnPaid',
];

export const billingStreamId = (jobId: number): string => `billing-${jobId}`;
