import type { MilestoneEvent, RecordedEvent } from '@escrow/domain';
import type { ProjectionContext, Projector } from '../runner/projector';
import { jobIdOf } from '../shared/event-context';
import { columns } from '../shared/folded-state';

export const PAYMENT_INSTRUCTIONS_PROJECTOR = 'payment-instructions';

export const instructionKey = (kind: 'debit' | 'payout' | 'refund', referenceId: number): string => `${kind}-${referenceId}`;

/**
 * The payment provider's to-do list: a debit per requested deposit, a payout per disbursement,
 * a refund per refund; closed by the events that report them done.
 */
export class PaymentInstructionsProjector implements Projector {
  readonly name = PAYMENT_INSTRUCTIONS_PROJECTOR;
  readonly version = 1;
  readonly tables = ['payment_instructions'] as const;
  readonly handles = ['DepositRequested', 'DepositSettled', 'DepositFailed', 'DisbursementRequested', 'DisbursementPaid', 'RefundRequested', 'RefundPaid'];

  /**
   * In bulk: the batch's new instructions (already closed when their report is in the same
   * batch) in one INSERT, the closing of earlier ones in one UPDATE. One statement per event
   * made this the slowest projector of a rebuild.
   */
  async apply(events: RecordedEvent[], context: ProjectionContext): Promise<void> {
    const table = context.table('payment_instructions');
    type Row = { key: string; kind: string; referenceId: number; originalId: number; jobId: number; companyId: number | null; amount: string; bankLast4: string | null; status: string; createdAt: string; completedAt: string | null };
    const opened = new Map<string, Row>();
    const closed = new Map<string, { status: string; at: string }>();
    for (const recorded of events) {
      const event = { type: recorded.type, data: recorded.data } as MilestoneEvent;
      const open = (kind: 'debit' | 'payout' | 'refund', referenceId: number, amount: string, companyId: number | null, bankLast4: string | null) => {
        const key = instructionKey(kind, referenceId);
        const row = { key, kind, referenceId, originalId: (event.data as { originalId: number }).originalId, jobId: jobIdOf(recorded), companyId, amount, bankLast4, status: 'open', createdAt: event.data.at, completedAt: null };
        if (opened.has(key)) throw new Error(`payment instruction ${key} opened twice`);
        opened.set(key, row);
      };
      const close = (kind: 'debit' | 'payout' | 'refund', referenceId: number, status: 'completed' | 'failed') => {
        const key = instructionKey(kind, referenceId);
        const row = opened.get(key);
        if (row) Object.assign(row, { status, completedAt: event.data.at });
        else closed.set(key, { status, at: event.data.at });
      };
      switch (event.type) {
        case 'DepositRequested':
          open('debit', event.data.depositId, event.data.amount, null, event.data.bankAccountLast4);
          break;
        case 'DepositSettled':
          close('debit', event.data.depositId, 'completed');
          break;
        case 'DepositFailed':
          close('debit', event.data.depositId, 'failed');
          break;
        case 'DisbursementRequested':
          open('payout', event.data.disbursementId, event.data.amount, event.data.companyId, null);
          break;
        case 'DisbursementPaid':
          close('payout', event.data.disbursementId, 'completed');
          break;
        case 'RefundRequested':
          open('refund', event.data.refundId, event.data.amount, null, null);
          break;
        case 'RefundPaid':
          close('refund', event.data.refundId, 'completed');
          break;
        default:
          break;
      }
    }
    if (opened.size > 0) {
      await context.query(
        `INSERT INTO ${table} (instruction_key, kind, reference_id, original_id, job_id, company_id, amount, bank_last4, status, created_at, completed_at)
         SELECT * FROM unnest($1::text[], $2::text[], $3::int[], $4::int[], $5::int[], $6::int[], $7::numeric[], $8::text[], $9::text[], $10::timestamptz[], $11::timestamptz[])`,
        columns([...opened.values()], (r) => [r.key, r.kind, r.referenceId, r.originalId, r.jobId, r.companyId, r.amount, r.bankLast4, r.status, r.createdAt, r.completedAt]),
      );
    }
    if (closed.size > 0) {
      await context.query(
        `UPDATE ${table} AS t SET status = c.status, completed_at = c.at
           FROM unnest($1::text[], $2::text[], $3::timestamptz[]) AS c(key, status, at)
          WHERE t.instruction_key = c.key`,
        columns([...closed], ([key, c]) => [key, c.status, c.at]),
      );
    }
  }
}
