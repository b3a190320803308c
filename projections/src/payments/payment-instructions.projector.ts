import type { MilestoneEvent, RecordedEvent } from '@escrow/domain';
import type { ProjectionContext, Projector } from '../runner/projector';
import { jobIdOf } from '../shared/event-context';

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

  async apply(events: RecordedEvent[], context: ProjectionContext): Promise<void> {
    const table = context.table('payment_instructions');
    for (const recorded of events) {
      const event = { type: recorded.type, data: recorded.data } as MilestoneEvent;
      const open = (kind: 'debit' | 'payout' | 'refund', referenceId: number, amount: string, companyId: number | null, bankLast4: string | null) =>
        context.query(
          `INSERT INTO ${table} (instruction_key, kind, reference_id, original_id, job_id, company_id, amount, bank_last4, status, created_at)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, 'open', $9)`,
          [instructionKey(kind, referenceId), kind, referenceId, (event.data as { originalId: number }).originalId, jobIdOf(recorded), companyId, amount, bankLast4, event.data.at],
        );
      const close = (kind: 'debit' | 'payout' | 'refund', referenceId: number, status: 'completed' | 'failed') =>
        context.query(`UPDATE ${table} SET status = $2, completed_at = $3 WHERE instruction_key = $1`, [instructionKey(kind, referenceId), status, event.data.at]);
      switch (event.type) {
        case 'DepositRequested':
          await open('debit', event.data.depositId, event.data.amount, null, event.data.bankAccountLast4);
          break;
        case 'DepositSettled':
          await close('debit', event.data.depositId, 'completed');
          break;
        case 'DepositFailed':
          await close('debit', event.data.depositId, 'failed');
          break;
        case 'DisbursementRequested':
          await open('payout', event.data.disbursementId, event.data.amount, event.data.companyId, null);
          break;
        case 'DisbursementPaid':
          await close('payout', event.data.disbursementId, 'completed');
          break;
        case 'RefundRequested':
          await open('refund', event.data.refundId, event.data.amount, null, null);
          break;
        case 'RefundPaid':
          await close('refund', event.data.refundId, 'completed');
          break;
        default:
          break;
      }
    }
  }
}
