import type { MilestoneEvent, RecordedEvent } from '@escrow/domain';

import type { ProjectionContext, Projector } from '../runner/projector';
import { jobIdOf } from '../shared/event-context';
import { columns } from '../shared/folded-state';

export const PAYMENT_INSTRUCTIONS_PROJECTOR = 'payment-instructions';

type Kind = 'debit' | 'payout' | 'refund' | 'retainage' | 'retainage_refund';
/** awaiting_waiver: a payout whose payee has not signed the conditional lien waiver; never submitted. */
type Status = 'open' | 'awaiting_waiver' | 'settled' | 'completed' | 'failed' | 'returned';

/**
 * The key the provider knows an instruction by, and its idempotency key: the id of the event
 * that asked for the payment. Sequence ids (deposit 301, …) are handed out again after a backup
 * is restored; event ids never are.
 */
export const instructionKey = (requestedBy: Pick<RecordedEvent, 'id'>): string => requestedBy.id;

interface Row {
  key: string;
  kind: Kind;
  referenceId: number;
  originalId: number;
  jobId: number;
  companyId: number | null;
  amount: string;
  bankLast4: string | null;
  status: Status;
  clearsAt: string | null;
  createdAt: string;
  completedAt: string | null;
}

interface Change {
  status: Status;
  clearsAt: string | null;
  completedAt: string | null;
}

/**
 * The payment provider's to-do list: a debit per requested deposit, a payout per disbursement, a
 * refund per refund, and for retainage a payout per release and a refund per refund of it. A
 * settled debit waits for its return window (`settled` until it clears or is returned); a payout
 * to a payee who owes a conditional lien waiver waits for it (`awaiting_waiver`); the events
 * that report the rest done close them.
 */
export class PaymentInstructionsProjector implements Projector {
  readonly name = PAYMENT_INSTRUCTIONS_PROJECTOR;
  readonly version = 2;
  readonly tables = ['payment_instructions'] as const;
  readonly handles = [
    'DepositRequested',
    'DepositSettled',
    'DepositCleared',
    'DepositFailed',
    'DepositReturned',
    'DisbursementRequested',
    'DisbursementPaid',
    'RefundRequested',
    'RefundPaid',
    'RetainageReleased',
    'RetainagePaid',
    'RetainageRefundRequested',
    'RetainageRefundPaid',
    'LienWaiverSigned',
  ];

  /**
   * In bulk: the batch's new instructions (with whatever later events of the batch did to them)
   * in one INSERT, the changes to earlier ones in one UPDATE. One statement per event made this
   * the slowest projector of a rebuild.
   */
  async apply(events: RecordedEvent[], context: ProjectionContext): Promise<void> {
    const table = context.table('payment_instructions');
    const opened = new Map<string, Row>(); // by (kind, milestone, reference)
    const changed = new Map<string, { kind: Kind; originalId: number; referenceId: number } & Change>();
    const ref = (kind: Kind, originalId: number, referenceId: number) => `${kind}/${originalId}/${referenceId}`;

    for (const recorded of events) {
      const event = { type: recorded.type, data: recorded.data } as MilestoneEvent;
      const originalId = (event.data as { originalId: number }).originalId;
      const open = (kind: Kind, referenceId: number, amount: string, companyId: number | null, bankLast4: string | null, status: Status = 'open') => {
        const at = ref(kind, originalId, referenceId);
        if (opened.has(at)) throw new Error(`payment instruction ${at} opened twice in one batch`);
        opened.set(at, {
          key: instructionKey(recorded),
          kind,
          referenceId,
          originalId,
          jobId: jobIdOf(recorded),
          companyId,
          amount,
          bankLast4,
          status,
          clearsAt: null,
          createdAt: event.data.at,
          completedAt: null,
        });
      };
      const change = (kind: Kind, referenceId: number, status: Status, clearsAt: string | null = null) => {
        const at = ref(kind, originalId, referenceId);
        const completedAt = status === 'open' || status === 'settled' || status === 'awaiting_waiver' ? null : event.data.at;
        const row = opened.get(at);
        if (row) Object.assign(row, { status, clearsAt: clearsAt ?? row.clearsAt, completedAt });
        else {
          const earlier = changed.get(at);
          changed.set(at, { kind, originalId, referenceId, status, clearsAt: clearsAt ?? earlier?.clearsAt ?? null, completedAt });
        }
      };
      switch (event.type) {
        case 'DepositRequested':
          open('debit', event.data.depositId, event.data.amount, null, event.data.bankAccountLast4);
          break;
        case 'DepositSettled':
          // Settlements from before the return window existed cleared at once.
          if (event.data.clearedOnSettlement) change('debit', event.data.depositId, 'completed');
          else change('debit', event.data.depositId, 'settled', event.data.clearsAt);
          break;
        case 'DepositCleared':
          change('debit', event.data.depositId, 'completed');
          break;
        case 'DepositFailed':
          change('debit', event.data.depositId, 'failed');
          break;
        case 'DepositReturned':
          change('debit', event.data.depositId, 'returned');
          break;
        case 'DisbursementRequested':
          open('payout', event.data.disbursementId, event.data.amount, event.data.companyId, null, event.data.lienWaiverState ? 'awaiting_waiver' : 'open');
          break;
        case 'DisbursementPaid':
          change('payout', event.data.disbursementId, 'completed');
          break;
        case 'RefundRequested':
          open('refund', event.data.refundId, event.data.amount, null, null);
          break;
        case 'RefundPaid':
          change('refund', event.data.refundId, 'completed');
          break;
        case 'RetainageReleased':
          open('retainage', event.data.payeeId, event.data.amount, event.data.companyId, null, event.data.lienWaiverState ? 'awaiting_waiver' : 'open');
          break;
        case 'RetainagePaid':
          change('retainage', event.data.payeeId, 'completed');
          break;
        case 'RetainageRefundRequested':
          open('retainage_refund', event.data.refundId, event.data.amount, null, null);
          break;
        case 'RetainageRefundPaid':
          change('retainage_refund', event.data.refundId, 'completed');
          break;
        case 'LienWaiverSigned':
          // The payee signed the conditional waiver: its payment may go out (the decider accepts
          // it only while the payment waits, so this never reopens a paid one).
          if (event.data.kind === 'conditional') change(event.data.payment === 'disbursement' ? 'payout' : 'retainage', event.data.payeeId, 'open');
          break;
        default:
          break;
      }
    }
    if (opened.size > 0) {
      await context.query(
        `INSERT INTO ${table} (instruction_key, kind, reference_id, original_id, job_id, company_id, amount, bank_last4, status, clears_at, created_at, completed_at)
         SELECT * FROM unnest($1::text[], $2::text[], $3::int[], $4::int[], $5::int[], $6::int[], $7::numeric[], $8::text[], $9::text[], $10::timestamptz[],
            $11::timestamptz[], $12::timestamptz[])`,
        columns([...opened.values()], (r) => [
          r.key,
          r.kind,
          r.referenceId,
          r.originalId,
          r.jobId,
          r.companyId,
          r.amount,
          r.bankLast4,
          r.status,
          r.clearsAt,
          r.createdAt,
          r.completedAt,
        ]),
      );
    }
    if (changed.size > 0) {
      await context.query(
        `UPDATE ${table} AS t SET status = c.status, clears_at = coalesce(c.clears_at, t.clears_at), completed_at = c.completed_at
           FROM unnest($1::text[], $2::int[], $3::int[], $4::text[], $5::timestamptz[], $6::timestamptz[]) AS c(kind, original_id, reference_id, status, clears_at, completed_at)
          WHERE t.kind = c.kind AND t.original_id = c.original_id AND t.reference_id = c.reference_id`,
        columns([...changed.values()], (c) => [c.kind, c.originalId, c.referenceId, c.status, c.clearsAt, c.completedAt]),
      );
    }
  }
}
