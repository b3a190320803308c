import type { BillingEvent, MilestoneEvent, RecordedEvent } from '@escrow/domain';

import type { BulkReplay, BulkSink } from '../runner/projector';
import type { ProjectionContext, Projector } from '../runner/projector';
import { jobIdOf } from '../shared/event-context';
import { columns, insertAll } from '../shared/folded-state';
import { rowSet, type TableRows, unnestInsert } from '../shared/table-rows';

export const PAYMENT_INSTRUCTIONS_PROJECTOR = 'payment-instructions';

/** progress_debit, progress_payment: a progress-billed project's deposit and payout; their original_id is the project's id. */
type Kind = 'debit' | 'payout' | 'refund' | 'retainage' | 'retainage_refund' | 'progress_debit' | 'progress_payment' | 'progress_refund';
/** awaiting_waiver: a payout whose payee has not signed the conditional lien waiver; never submitted. */
type Status = 'open' | 'awaiting_waiver' | 'settled' | 'completed' | 'failed' | 'returned';

/**
 * The key the provider knows an instruction by, and its idempotency key: the id of the event
 * that asked for the payment. Sequence ids (deposit 301, …) are handed out again after a backup
 * is restored; event ids never are.
 */
const instructionKey = (requestedBy: Pick<RecordedEvent, 'id'>): string => requestedBy.id;

interface Row {
  key: string;
  kind: Kind;
  referenceId: number;
  originalId: number;
  projectId: number;
  companyId: number | null;
  amount: string;
  bankLast4: string | null;
  status: Status;
  clearsAt: string | null;
  createdAt: string;
  completedAt: string | null;
  correlationId: string | null;
}

interface Change {
  status: Status;
  clearsAt: string | null;
  completedAt: string | null;
}

const instructionRows: TableRows<Row> = {
  table: 'payment_instructions',
  columns: [
    ['instruction_key', 'text'],
    ['kind', 'text'],
    ['reference_id', 'int'],
    ['original_id', 'int'],
    ['job_id', 'int'],
    ['company_id', 'int'],
    ['amount', 'numeric'],
    ['bank_last4', 'text'],
    ['status', 'text'],
    ['clears_at', 'timestamptz'],
    ['created_at', 'timestamptz'],
    ['completed_at', 'timestamptz'],
    ['correlation_id', 'text'],
  ],
  row: (r) => [
    r.key,
    r.kind,
    r.referenceId,
    r.originalId,
    r.projectId,
    r.companyId,
    r.amount,
    r.bankLast4,
    r.status,
    r.clearsAt,
    r.createdAt,
    r.completedAt,
    r.correlationId,
  ],
};

type ChangeOf = { kind: Kind; originalId: number; referenceId: number } & Change;
const ref = (kind: Kind, originalId: number, referenceId: number) => `${kind}/${originalId}/${referenceId}`;
const waiting = (payout: { lienWaiverState?: string | null }): Status => (payout.lienWaiverState ? 'awaiting_waiver' : 'open');
const isFinal = (status: Status) => status === 'completed' || status === 'failed' || status === 'returned';

/**
 * Folds events into instructions: new ones go to `opened` (with whatever later events did to
 * them), changes to instructions not in `opened` (written before) go to `changed`.
 */
function foldInstructions(events: readonly RecordedEvent[], opened: Map<string, Row>, changed: Map<string, ChangeOf>): void {
  for (const recorded of events) {
    const event = { type: recorded.type, data: recorded.data } as MilestoneEvent | BillingEvent;
    // The billing stream's instructions are keyed by the project, the milestones' by the milestone.
    const originalId = 'originalId' in event.data ? event.data.originalId : event.data.jobId;
    const open = (
      kind: Kind,
      referenceId: number,
      amount: string,
      companyId: number | null,
      bankLast4: string | null,
      status: Status = 'open',
      /** For an event that asks for several payments: which one (stable, so a rebuild keeps the key). */
      part: string | null = null,
    ) => {
      const at = ref(kind, originalId, referenceId);
      if (opened.has(at)) throw new Error(`payment instruction ${at} opened twice`);
      opened.set(at, {
        key: part === null ? instructionKey(recorded) : `${instructionKey(recorded)}/${part}`,
        kind,
        referenceId,
        originalId,
        projectId: jobIdOf(recorded),
        companyId,
        amount,
        bankLast4,
        status,
        clearsAt: null,
        createdAt: event.data.at,
        completedAt: null,
        correlationId: typeof recorded.metadata.correlationId === 'string' ? recorded.metadata.correlationId : null,
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
      case 'BillingDepositRequested':
        open('progress_debit', event.data.depositId, event.data.total, null, event.data.bankAccountLast4);
        break;
      case 'BillingDepositSettled':
        change('progress_debit', event.data.depositId, 'settled', event.data.clearsAt);
        break;
      case 'BillingDepositCleared':
        change('progress_debit', event.data.depositId, 'completed');
        break;
      case 'BillingDepositFailed':
        change('progress_debit', event.data.depositId, 'failed');
        break;
      case 'BillingDepositReturned':
        change('progress_debit', event.data.depositId, 'returned');
        break;
      case 'PayApplicationPaymentFunded':
        // One event funds every payee's payout: each instruction is keyed by the event and its payout.
        // A payout whose job site names a state waits for its payee's conditional lien waiver.
        for (const p of event.data.payouts) open('progress_payment', p.payoutId, p.amount, p.payeeId, null, waiting(p), `payout-${p.payoutId}`);
        break;
      case 'BillingRetainageReleased':
        // The retainage drawn with each payment is held in escrow: its release pays it out like a payment.
        for (const p of event.data.payouts) open('progress_payment', p.payoutId, p.amount, p.payeeId, null, waiting(p), `payout-${p.payoutId}`);
        break;
      case 'BillingRetainageRefundRequested':
        // A retainage dispute resolved by refund: the held retainage goes back to the buyer.
        open('progress_refund', event.data.refundId, event.data.total, null, null);
        break;
      case 'BillingRetainageRefundPaid':
        change('progress_refund', event.data.refundId, 'completed');
        break;
      case 'BillingBalanceReturned':
        // Escrow funds the contract no longer needs go back to the buyer, numbered with the retainage refunds.
        open('progress_refund', event.data.refundId, event.data.amount, null, null);
        break;
      case 'BillingBalanceReturnPaid':
        change('progress_refund', event.data.refundId, 'completed');
        break;
      case 'BillingLienWaiverSigned':
        if (event.data.kind === 'conditional') change('progress_payment', event.data.payoutId, 'open');
        break;
      case 'BillingPayoutPaid':
        change('progress_payment', event.data.payoutId, 'completed');
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
}

/** Applies changes to instructions already written, in one statement. */
async function updateWritten(context: ProjectionContext, changed: Map<string, ChangeOf>): Promise<void> {
  if (changed.size === 0) return;
  await context.query(
    `UPDATE ${context.table('payment_instructions')} AS t SET status = c.status, clears_at = coalesce(c.clears_at, t.clears_at), completed_at = c.completed_at
       FROM unnest($1::text[], $2::int[], $3::int[], $4::text[], $5::timestamptz[], $6::timestamptz[]) AS c(kind, original_id, reference_id, status, clears_at, completed_at)
      WHERE t.kind = c.kind AND t.original_id = c.original_id AND t.reference_id = c.reference_id`,
    columns([...changed.values()], (c) => [c.kind, c.originalId, c.referenceId, c.status, c.clearsAt, c.completedAt]),
  );
}

/**
 * A rebuild holds open instructions in memory and writes each out once it is final (completed,
 * failed, returned) or has gone quiet; a later change to one written out is an UPDATE.
 */
class InstructionsReplay implements BulkReplay {
  private readonly opened = new Map<string, Row>();
  private readonly lastSeen = new Map<string, number>();

  constructor(private readonly sink: BulkSink) {}

  async add(events: RecordedEvent[], seen: number): Promise<void> {
    const changed = new Map<string, ChangeOf>();
    const before = new Set(this.opened.keys());
    foldInstructions(events, this.opened, changed);
    for (const at of this.opened.keys()) if (!before.has(at)) this.lastSeen.set(at, seen);
    if (changed.size > 0) {
      await this.sink.flush();
      await updateWritten(this.sink.context, changed);
    }
    const quietBefore = seen - this.sink.limits.quietEvents;
    const done: Row[] = [];
    for (const [at, row] of this.opened) {
      if (!isFinal(row.status) && this.lastSeen.get(at)! >= quietBefore) continue;
      done.push(row);
      this.opened.delete(at);
      this.lastSeen.delete(at);
    }
    if (done.length > 0) await this.sink.copy([rowSet(instructionRows, done)]);
  }

  async finish(): Promise<void> {
    await this.sink.copy([rowSet(instructionRows, [...this.opened.values()])]);
    this.opened.clear();
    this.lastSeen.clear();
  }
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
  readonly version = 3;
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
    'BillingDepositRequested',
    'BillingDepositSettled',
    'BillingDepositCleared',
    'BillingDepositFailed',
    'BillingDepositReturned',
    'PayApplicationPaymentFunded',
    'BillingRetainageReleased',
    'BillingRetainageRefundRequested',
    'BillingRetainageRefundPaid',
    'BillingPayoutPaid',
    'BillingLienWaiverSigned',
    'BillingBalanceReturned',
    'BillingBalanceReturnPaid',
  ];

  /**
   * In bulk: the batch's new instructions (with whatever later events of the batch did to them)
   * in one INSERT, the changes to earlier ones in one UPDATE. One statement per event made this
   * the slowest projector of a rebuild.
   */
  async apply(events: RecordedEvent[], context: ProjectionContext): Promise<void> {
    const opened = new Map<string, Row>();
    const changed = new Map<string, ChangeOf>();
    foldInstructions(events, opened, changed);
    await insertAll(context, [unnestInsert(rowSet(instructionRows, [...opened.values()]), context.table('payment_instructions'))]);
    await updateWritten(context, changed);
  }

  bulkReplay(sink: BulkSink): BulkReplay {
    return new InstructionsReplay(sink);
  }
}
