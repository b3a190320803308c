import type { MilestoneTerms } from '../money/fees';

/** The two sides of a project: the buyer (customer) and the seller's company. */
export type Party = 'customer' | 'company';
export type ApprovalStatus = 'pending' | 'approved' | 'rejected';
export type DisputeResolution = 'release' | 'refund' | 'split';

interface MilestoneEventBase {
  originalId: number;
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
        versionId: number;
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
        versionId: number;
        basedOnVersionId: number;
        title: string;
        definition: string;
        position: number;
        terms: MilestoneTerms;
        proposedBy: number;
        proposedByParty: Party;
      };
    }
  | { type: 'MilestoneVersionApproved'; data: MilestoneEventBase & { versionId: number; party: Party; by: number } }
  | {
      type: 'MilestoneVersionRejected';
      data: MilestoneEventBase & { versionId: number; party: Party; by: number; reason: string | null; automatic: boolean };
    }
  | {
      type: 'MilestoneVersionAgreed';
      data: MilestoneEventBase & { versionId: number; replacedVersionId: number | null; closedVersionIds: number[]; depositTotal: string };
    }
  | {
      type: 'DepositRequested';
      data: MilestoneEventBase & { versionId: number; depositId: number; amount: string; requestedBy: number; bankAccountLast4: string | null };
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
      };
    }
  | { type: 'DisbursementPaid'; data: MilestoneEventBase & { disbursementId: number; companyId: number; amount: string; providerReference: string } }
  | { type: 'DisputeOpened'; data: MilestoneEventBase & { disputeId: number; party: Party; by: number; statement: string } }
  | { type: 'DisputeResponded'; data: MilestoneEventBase & { disputeId: number; party: Party; by: number; statement: string } }
  | {
      type: 'DisputeResolved';
      data: MilestoneEventBase & { disputeId: number; by: number; resolution: DisputeResolution; releaseAmount: string; refundAmount: string; note: string };
    }
  | { type: 'RefundRequested'; data: MilestoneEventBase & { refundId: number; amount: string; reason: 'dispute' | 'deadline' } }
  | { type: 'RefundPaid'; data: MilestoneEventBase & { refundId: number; amount: string; providerReference: string } };

export type MilestoneEventType = MilestoneEvent['type'];
export type MilestoneEventOf<T extends MilestoneEventType> = Extract<MilestoneEvent, { type: T }>;

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
  'RefundRequested',
  'RefundPaid',
];

export const milestoneStreamId = (originalId: number): string => `milestone-${originalId}`;
