import {
  asCompanyRole,
  maskedAccount,
  MILESTONE_EVENT_TYPES,
  type MilestoneEvent,
  type PaidToAccount,
  type Posting,
  postingsFor,
  type RecordedEvent,
} from '@escrow/domain';

import type { BulkReplay, BulkSink } from '../runner/projector';
import type { ProjectionContext, Projector } from '../runner/projector';
import { jobIdOf } from '../shared/event-context';
import { insertAll } from '../shared/folded-state';
import { rowSet, type TableRows, unnestInsert } from '../shared/table-rows';

interface Entry {
  event: RecordedEvent;
  projectId: number;
  posting: Posting;
  line: number;
}

const ledgerRows: TableRows<Entry> = {
  table: 'ledger_entries',
  columns: [
    ['event_id', 'uuid'],
    ['line', 'smallint'],
    ['position', 'text'],
    ['commit_position', 'numeric'],
    ['prepare_position', 'numeric'],
    ['job_id', 'int'],
    ['original_id', 'int'],
    ['account', 'text'],
    ['company_id', 'int'],
    ['amount', 'numeric'],
    ['event_type', 'text'],
    ['occurred_at', 'timestamptz'],
    ['paid_to', 'text'],
    ['actor_id', 'int'],
    ['actor_company_role', 'text'],
  ],
  row: ({ event, projectId, posting, line }) => {
    const data = event.data as { originalId: number; at: string };
    return [
      event.id,
      line,
      `${event.position.commit}/${event.position.prepare}`,
      event.position.commit.toString(),
      event.position.prepare.toString(),
      projectId,
      data.originalId,
      posting.account,
      posting.companyId,
      posting.amount,
      event.type,
      data.at,
      paidTo(event),
      actorIdOf(event),
      asCompanyRole(event.metadata.actorCompanyRole),
    ];
  },
};

/** "Canyon Bank ••••6789": the account a payout went to, on its postings (null elsewhere, and for payouts made before payouts named one). */
function paidTo(event: RecordedEvent): string | null {
  if (event.type !== 'DisbursementPaid' && event.type !== 'RetainagePaid') return null;
  const account = (event.data as { payoutAccount?: PaidToAccount | null }).payoutAccount;
  return account ? `${account.bankName ? `${account.bankName} ` : ''}${maskedAccount(account.last4)}` : null;
}

/** The person who caused the event (issue 37): null for the system (0) and the payment provider. */
function actorIdOf(event: RecordedEvent): number | null {
  const id = Number(event.metadata.actorId);
  return Number.isInteger(id) && id > 0 ? id : null;
}

/** The postings of these money events, line by line. */
function entriesOf(events: readonly RecordedEvent[]): Entry[] {
  return events.flatMap((event) => {
    const projectId = jobIdOf(event);
    return postingsFor({ type: event.type, data: event.data } as MilestoneEvent).map((posting, line) => ({ event, projectId, posting, line }));
  });
}

/** The double-entry ledger: the postings of every money event, in global order. */
export class LedgerProjector implements Projector {
  readonly name = 'ledger';
  /** 3: each posting's actor and their company role (issue 37). */
  readonly version = 3;
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
    await insertAll(context, [unnestInsert(rowSet(ledgerRows, entriesOf(events)), context.table('ledger_entries'))]);
  }

  /** Append-only: each page's postings go straight to COPY. */
  bulkReplay(sink: BulkSink): BulkReplay {
    return { add: (events) => sink.copy([rowSet(ledgerRows, entriesOf(events))]), finish: async () => undefined };
  }
}
