import {
  type ActiveBilling,
  applicationFigures,
  type ApplicationState,
  BILLING_EVENT_TYPES,
  type BillingEvent,
  type BillingState,
  evolveBilling,
  formatAmount,
  money,
  type RecordedEvent,
  sum,
} from '@escrow/domain';

import type { BulkReplay, BulkSink, ProjectionContext, Projector } from '../runner/projector';
import { applyFolded, FoldedReplay, type FoldedStateStore, type FoldOptions, insertAll } from '../shared/folded-state';
import { type RowSet, rowSet, type TableRows, unnestInsert } from '../shared/table-rows';

const scheduleRows: TableRows<ActiveBilling> = {
  table: 'billing_schedules',
  columns: [
    ['job_id', 'int'],
    ['state', 'jsonb'],
    ['current_version_id', 'int'],
    ['contract_sum', 'numeric'],
    ['updated_at', 'timestamptz'],
  ],
  row: (s) => [
    s.jobId,
    JSON.stringify(s),
    s.currentVersionId,
    s.currentVersionId === null ? null : formatAmount(sum(s.lines.map((l) => money(l.scheduledValue)))),
    s.updatedAt,
  ],
};

type Application = { s: ActiveBilling; a: ApplicationState };

const applicationRows: TableRows<Application> = {
  table: 'pay_applications',
  columns: [
    ['job_id', 'int'],
    ['application_number', 'int'],
    ['revision', 'int'],
    ['period_to', 'text'],
    ['status', 'text'],
    ['current_payment_due', 'numeric'],
    ['total_retainage', 'numeric'],
    ['submitted_at', 'timestamptz'],
    ['certified_at', 'timestamptz'],
    ['accepted_at', 'timestamptz'],
    ['billed_this_period', 'numeric'],
    ['certified_this_period', 'numeric'],
  ],
  row: ({ s, a }) => {
    const summary = a.certification?.summary ?? a.billed;
    // G702 line 4's growth over the certificates the application was billed against: what the period bills and certifies.
    const before = sum(Object.values(a.basis.previous).map((l) => money(l.workCompleted).plus(l.stored)));
    const growth = (g: { totalCompletedAndStored: string }) => formatAmount(money(g.totalCompletedAndStored).minus(before));
    return [
      s.jobId,
      a.applicationNumber,
      a.revision,
      a.periodTo,
      a.status,
      summary.currentPaymentDue,
      summary.totalRetainage,
      a.submittedAt,
      a.certification?.at ?? null,
      a.accepted?.at ?? null,
      growth(a.billed),
      a.certification ? growth(a.certification.summary) : null,
    ];
  },
};

type Line = Application & { f: ReturnType<typeof applicationFigures>['lines'][number] };

const lineRows: TableRows<Line> = {
  table: 'pay_application_lines',
  columns: [
    ['job_id', 'int'],
    ['application_number', 'int'],
    ['line', 'text'],
    ['payee_id', 'int'],
    ['scheduled_value', 'numeric'],
    ['previous', 'numeric'],
    ['this_period', 'numeric'],
    ['stored_materials', 'numeric'],
    ['completed_and_stored', 'numeric'],
    ['retainage', 'numeric'],
    ['current_payment_due', 'numeric'],
    ['decision', 'text'],
  ],
  row: ({ s, a, f }) => [
    s.jobId,
    a.applicationNumber,
    f.line,
    f.payeeId,
    f.scheduledValue,
    f.previous,
    f.thisPeriod,
    f.storedMaterials,
    f.completedAndStoredToDate,
    f.retainage,
    f.currentPaymentDue,
    a.certification?.lines.find((l) => l.line === f.line)?.decision ?? null,
  ],
};

const TABLES = ['billing_schedules', 'pay_applications', 'pay_application_lines'] as const;

function rowsOf(states: readonly BillingState[]): RowSet[] {
  const active = states.filter((s): s is ActiveBilling => s.status === 'active');
  const applications = active.flatMap((s) => s.applications.map((a) => ({ s, a })));
  return [
    rowSet(scheduleRows, active),
    rowSet(applicationRows, applications),
    rowSet(
      lineRows,
      applications.flatMap(({ s, a }) => applicationFigures(a).lines.map((f) => ({ s, a, f }))),
    ),
  ];
}

const billingStore: FoldedStateStore<BillingState> = {
  async load(context, keys) {
    const rows = await context.query<{ job_id: number; state: BillingState }>(
      `SELECT job_id, state FROM ${context.table('billing_schedules')} WHERE job_id = ANY($1::int[])`,
      [keys],
    );
    return new Map(rows.map((r) => [r.job_id, r.state]));
  },
  async save(context, states) {
    const keys = [...states.entries()].filter(([, s]) => s.status === 'active').map(([key]) => key);
    if (keys.length === 0) return;
    // A project's rows are few (one per application and line): clear and write them again, two round trips per batch.
    await context.query(
      `WITH ${TABLES.map((table, i) => `d${i} AS (DELETE FROM ${context.table(table)} WHERE job_id = ANY($1::int[]))`).join(', ')} SELECT 1`,
      [keys],
    );
    await insertAll(
      context,
      rowsOf([...states.values()]).map((set) => unnestInsert(set, context.table(set.rows.table))),
    );
  },
  rowsOf,
  async removeWritten(context, states) {
    // Every table's primary key starts with job_id.
    const keys = states.filter((s): s is ActiveBilling => s.status === 'active').map((s) => s.jobId);
    await context.query(
      `WITH ${TABLES.map((table, i) => `d${i} AS (DELETE FROM ${context.table(table)} WHERE job_id = ANY($1::int[]))`).join(', ')} SELECT 1`,
      [keys],
    );
  },
};

const fold: FoldOptions<BillingState, BillingEvent> = {
  keyOf: (event) => (event.data as { jobId: number }).jobId,
  initial: { status: 'none' },
  evolve: evolveBilling,
  store: billingStore,
};

/** The progress-billing read models, rebuilt from the billing streams with the domain's evolve and calculator. */
export class BillingProjector implements Projector {
  readonly name = 'billing';
  // 2: pay_applications holds what each period billed and certified (the admin reports).
  readonly version = 2;
  readonly tables = TABLES;
  readonly handles = BILLING_EVENT_TYPES;

  async apply(events: RecordedEvent[], context: ProjectionContext): Promise<void> {
    await applyFolded(events, context, fold);
  }

  bulkReplay(sink: BulkSink): BulkReplay {
    return new FoldedReplay(sink, fold);
  }
}
