import { MILESTONE_EVENT_TYPES, type MilestoneEvent, postingsFor, type RecordedEvent } from '@escrow/domain';

import type { ProjectionContext, Projector } from '../runner/projector';
import { jobIdOf } from '../shared/event-context';
import { columns } from '../shared/folded-state';

/** The double-entry ledger: the postings of every money event, in global order. */
export class LedgerProjector implements Projector {
  readonly name = 'ledger';
  readonly version = 2;
  readonly tables = ['ledger_entries'] as const;
  readonly handles = MILESTONE_EVENT_TYPES.filter((t) =>
    [
      'DepositSettled',
      'DepositReturned',
      'DisbursementRequested',
      'DisbursementPaid',
      'RefundRequested',
      'RefundPaid',
      'RetainageReleased',
      'RetainagePaid',
      'RetainageRefundRequested',
      'RetainageRefundPaid',
    ].includes(t),
  );

  async apply(events: RecordedEvent[], context: ProjectionContext): Promise<void> {
    const rows = events.flatMap((event) => {
      const data = event.data as { originalId: number; at: string };
      const jobId = jobIdOf(event);
      return postingsFor({ type: event.type, data: event.data } as MilestoneEvent).map((posting, line) => ({ event, data, jobId, posting, line }));
    });
    if (rows.length === 0) return;
    await context.query(
      `INSERT INTO ${context.table('ledger_entries')}
         (event_id, line, position, commit_position, prepare_position, job_id, original_id, account, company_id, amount, event_type, occurred_at)
       SELECT * FROM unnest($1::uuid[], $2::smallint[], $3::text[], $4::numeric[], $5::numeric[], $6::int[], $7::int[], $8::text[], $9::int[],
          $10::numeric[], $11::text[], $12::timestamptz[])`,
      columns(rows, ({ event, data, jobId, posting, line }) => [
        event.id,
        line,
        `${event.position.commit}/${event.position.prepare}`,
        event.position.commit.toString(),
        event.position.prepare.toString(),
        jobId,
        data.originalId,
        posting.account,
        posting.companyId,
        posting.amount,
        event.type,
        data.at,
      ]),
    );
  }
}
