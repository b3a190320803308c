import {
  type ActiveMilestone,
  asCompanyRole,
  type CompanyRole,
  currentMilestoneShape,
  currentVersion,
  disbursedFromEscrow,
  evolveMilestone,
  feesTaken,
  formatAmount,
  headVersion,
  held,
  heldFundsClock,
  isLocked,
  MILESTONE_EVENT_TYPES,
  type MilestoneEvent,
  type MilestoneState,
  milestoneStatus,
  money,
  paidToPayees,
  type RecordedEvent,
  refunded,
  retainageWithheld,
  settledDeposits,
  sum,
  waiversOf,
} from '@escrow/domain';

import type { BulkReplay, BulkSink } from '../runner/projector';
import type { ProjectionContext, Projector } from '../runner/projector';
import { applyFolded, FoldedReplay, type FoldedStateStore, type FoldOptions, insertAll } from '../shared/folded-state';
import { type RowSet, rowSet, type TableRows, unnestInsert } from '../shared/table-rows';

const CHILD_TABLES = [
  'milestone_versions',
  'milestone_payees',
  'milestone_deposits',
  'milestone_disbursements',
  'milestone_refunds',
  'milestone_disputes',
  'milestone_retainage',
  'milestone_waivers',
] as const;

/**
 * The milestone's folded state plus what the read model keeps from the events' metadata, which
 * the domain's evolve never sees: each version's author role (issue 37, `actorCompanyRole`).
 * Kept in `milestone_versions.author_company_role`, never in the `state` column.
 */
type Projected<S extends MilestoneState = MilestoneState> = S & { authorRoles?: Readonly<Record<number, CompanyRole>> };
type Active = Projected<ActiveMilestone>;

type Version = ActiveMilestone['versions'][number];
type Payee = Version['terms']['payees'][number];

/** The domain's state alone, as the `state` column holds it. */
function domainState({ authorRoles: _roles, ...state }: Active): ActiveMilestone {
  return state;
}

/** The domain's evolve, and the author's company role of a proposal from its metadata. */
function evolveProjected(state: Projected, event: MilestoneEvent, recorded: RecordedEvent): Projected {
  const next: Projected = evolveMilestone(state, event);
  let roles = state.authorRoles;
  if (event.type === 'MilestoneProposed') roles = undefined;
  if (event.type === 'MilestoneProposed' || event.type === 'MilestoneEditProposed') {
    const role = asCompanyRole(recorded.metadata.actorCompanyRole);
    if (role) roles = { ...roles, [event.data.versionId]: role };
  }
  return roles === undefined || next.status !== 'active' ? next : { ...next, authorRoles: roles };
}

const milestoneRows: TableRows<Active> = {
  table: 'milestones',
  columns: [
    ['original_id', 'int'],
    ['job_id', 'int'],
    ['state', 'jsonb'],
    ['status', 'text'],
    ['current_m_id', 'int'],
    ['head_m_id', 'int'],
    ['position', 'int'],
    ['title', 'text'],
    ['locked', 'boolean'],
    ['deposit_total', 'numeric'],
    ['deposit_sum', 'numeric'],
    ['deposit_pending', 'numeric'],
    ['disbursed', 'numeric'],
    ['paid_out', 'numeric'],
    ['fees', 'numeric'],
    ['refunded', 'numeric'],
    ['held', 'numeric'],
    ['customer_completed', 'boolean'],
    ['company_completed', 'boolean'],
    ['response_deadline', 'timestamptz'],
    ['created_at', 'timestamptz'],
    ['agreed_at', 'timestamptz'],
    ['funded_at', 'timestamptz'],
    ['completed_at', 'timestamptz'],
    ['updated_at', 'timestamptz'],
    ['retainage_held', 'numeric'],
    ['in_custody', 'numeric'],
    ['held_since', 'timestamptz'],
    ['next_date', 'timestamptz'],
    ['next_date_kind', 'text'],
    ['must_act', 'jsonb'],
    ['waivers_missing', 'int'],
  ],
  row: (s) => {
    const head = headVersion(s);
    const clock = heldFundsClock(s);
    const current = currentVersion(s);
    const firstSettled =
      s.deposits
        .filter((d) => d.settledAt)
        .map((d) => d.settledAt!)
        .sort()[0] ?? null;
    return [
      s.originalId,
      s.jobId,
      JSON.stringify(domainState(s)),
      milestoneStatus(s),
      s.currentVersionId,
      head.versionId,
      head.position,
      head.title,
      isLocked(s),
      (current ?? head).terms.depositTotal,
      formatAmount(settledDeposits(s)),
      formatAmount(sum(s.deposits.filter((d) => d.status === 'pending').map((d) => money(d.amount)))),
      formatAmount(disbursedFromEscrow(s).minus(feesTaken(s)).minus(retainageWithheld(s))),
      formatAmount(paidToPayees(s)),
      formatAmount(feesTaken(s)),
      formatAmount(refunded(s)),
      formatAmount(held(s)),
      s.completion.customer,
      s.completion.company,
      s.responseDeadline,
      s.createdAt,
      current?.agreedAt ?? null,
      firstSettled,
      s.completedAt,
      s.updatedAt,
      clock.retainageHeld,
      clock.inCustody,
      clock.heldSince,
      clock.next?.at ?? null,
      clock.next?.kind ?? null,
      JSON.stringify(clock.mustAct),
      waiversOf(s).filter((w) => w.waiver === null).length,
    ];
  },
};

const versionRows: TableRows<{ s: Active; v: Version }> = {
  table: 'milestone_versions',
  columns: [
    ['m_id', 'int'],
    ['original_id', 'int'],
    ['job_id', 'int'],
    ['is_original', 'boolean'],
    ['title', 'text'],
    ['definition', 'text'],
    ['position', 'int'],
    ['author_id', 'int'],
    ['author_party', 'text'],
    ['author_company_role', 'text'],
    ['status', 'text'],
    ['customer_approval', 'text'],
    ['company_approval', 'text'],
    ['amount', 'numeric'],
    ['fee_total', 'numeric'],
    ['deposit_total', 'numeric'],
    ['created_at', 'timestamptz'],
    ['agreed_at', 'timestamptz'],
  ],
  row: ({ s, v }) => [
    v.versionId,
    s.originalId,
    s.jobId,
    v.isOriginal,
    v.title,
    v.definition,
    v.position,
    v.proposedBy,
    v.proposedByParty,
    s.authorRoles?.[v.versionId] ?? null,
    v.status,
    v.approvals.customer,
    v.approvals.company,
    v.terms.amount,
    v.terms.feeTotal,
    v.terms.depositTotal,
    v.proposedAt,
    v.agreedAt,
  ],
};

const payeeRows: TableRows<{ s: ActiveMilestone; v: Version; p: Payee }> = {
  table: 'milestone_payees',
  columns: [
    ['mp_id', 'int'],
    ['m_id', 'int'],
    ['original_id', 'int'],
    ['job_id', 'int'],
    ['company_id', 'int'],
    ['type', 'text'],
    ['percent_decimal', 'numeric'],
    ['amount', 'numeric'],
    ['include_fee', 'boolean'],
    ['fee', 'numeric'],
    ['net', 'numeric'],
    ['buyer_owes', 'numeric'],
    ['retainage', 'numeric'],
  ],
  row: ({ s, v, p }) => [
    p.payeeId,
    v.versionId,
    s.originalId,
    s.jobId,
    p.companyId,
    p.type,
    p.percentDecimal,
    p.amount,
    p.includeFee,
    p.fee,
    p.net,
    p.buyerOwes,
    p.retainage,
  ],
};

const depositRows: TableRows<{ s: ActiveMilestone; d: ActiveMilestone['deposits'][number] }> = {
  table: 'milestone_deposits',
  columns: [
    ['md_id', 'int'],
    ['original_id', 'int'],
    ['m_id', 'int'],
    ['job_id', 'int'],
    ['amount', 'numeric'],
    ['status', 'text'],
    ['requested_by', 'int'],
    ['bank_last4', 'text'],
    ['created_at', 'timestamptz'],
    ['settled_at', 'timestamptz'],
    ['failure_reason', 'text'],
  ],
  row: ({ s, d }) => [
    d.depositId,
    s.originalId,
    d.versionId,
    s.jobId,
    d.amount,
    d.status,
    d.requestedBy,
    d.bankAccountLast4,
    d.requestedAt,
    d.settledAt,
    d.failureReason,
  ],
};

const disbursementRows: TableRows<{ s: ActiveMilestone; d: ActiveMilestone['disbursements'][number] }> = {
  table: 'milestone_disbursements',
  columns: [
    ['disbursement_id', 'int'],
    ['original_id', 'int'],
    ['job_id', 'int'],
    ['mp_id', 'int'],
    ['company_id', 'int'],
    ['amount', 'numeric'],
    ['fee', 'numeric'],
    ['status', 'text'],
    ['cause', 'text'],
    ['created_at', 'timestamptz'],
    ['paid_at', 'timestamptz'],
    ['retainage', 'numeric'],
  ],
  row: ({ s, d }) => [
    d.disbursementId,
    s.originalId,
    s.jobId,
    d.payeeId,
    d.companyId,
    d.amount,
    d.fee,
    d.status,
    d.cause,
    d.requestedAt,
    d.paidAt,
    d.retainage,
  ],
};

type Disbursement = ActiveMilestone['disbursements'][number];

/** Each payee's retainage: withheld from its disbursement, then released or refunded. */
const retainageRows: TableRows<{ s: ActiveMilestone; d: Disbursement }> = {
  table: 'milestone_retainage',
  columns: [
    ['original_id', 'int'],
    ['mp_id', 'int'],
    ['job_id', 'int'],
    ['company_id', 'int'],
    ['withheld', 'numeric'],
    ['released', 'numeric'],
    ['refunded', 'numeric'],
    ['held', 'numeric'],
    ['release_status', 'text'],
    ['released_at', 'timestamptz'],
    ['paid_at', 'timestamptz'],
  ],
  row: ({ s, d }) => {
    const release = s.retainageReleases.find((r) => r.payeeId === d.payeeId) ?? null;
    const refundedToBuyer = sum(s.retainageRefunds.flatMap((r) => r.payees.filter((p) => p.payeeId === d.payeeId).map((p) => money(p.amount))));
    const released = money(release?.amount ?? 0);
    return [
      s.originalId,
      d.payeeId,
      s.jobId,
      d.companyId,
      d.retainage,
      formatAmount(released),
      formatAmount(refundedToBuyer),
      formatAmount(money(d.retainage).minus(released).minus(refundedToBuyer)),
      release?.status ?? null,
      release?.requestedAt ?? null,
      release?.paidAt ?? null,
    ];
  },
};

type Waiver = ReturnType<typeof waiversOf>[number];

const waiverRows: TableRows<{ s: ActiveMilestone; w: Waiver }> = {
  table: 'milestone_waivers',
  columns: [
    ['original_id', 'int'],
    ['payment', 'text'],
    ['mp_id', 'int'],
    ['kind', 'text'],
    ['job_id', 'int'],
    ['company_id', 'int'],
    ['amount', 'numeric'],
    ['site_state', 'text'],
    ['status', 'text'],
    ['due_since', 'timestamptz'],
    ['waiver_name', 'text'],
    ['waiver_hash', 'text'],
    ['signed_by', 'int'],
    ['signed_at', 'timestamptz'],
  ],
  row: ({ s, w }) => [
    s.originalId,
    w.payment,
    w.payeeId,
    w.kind,
    s.jobId,
    w.companyId,
    w.amount,
    w.siteState,
    w.waiver === null ? 'missing' : w.waiver.signedBy === null ? 'issued' : 'signed',
    w.dueSince,
    w.waiver?.waiverName ?? null,
    w.waiver?.waiverHash ?? null,
    w.waiver?.signedBy ?? null,
    w.waiver?.at ?? null,
  ],
};

const refundRows: TableRows<{ s: ActiveMilestone; r: ActiveMilestone['refunds'][number] }> = {
  table: 'milestone_refunds',
  columns: [
    ['refund_id', 'int'],
    ['original_id', 'int'],
    ['job_id', 'int'],
    ['amount', 'numeric'],
    ['reason', 'text'],
    ['status', 'text'],
    ['created_at', 'timestamptz'],
    ['paid_at', 'timestamptz'],
  ],
  row: ({ s, r }) => [r.refundId, s.originalId, s.jobId, r.amount, r.reason, r.status, r.requestedAt, r.paidAt],
};

const disputeRows: TableRows<{ s: ActiveMilestone; d: ActiveMilestone['disputes'][number] }> = {
  table: 'milestone_disputes',
  columns: [
    ['dispute_id', 'int'],
    ['original_id', 'int'],
    ['job_id', 'int'],
    ['opened_by', 'int'],
    ['opened_party', 'text'],
    ['statement', 'text'],
    ['opened_at', 'timestamptz'],
    ['response_by', 'int'],
    ['response', 'text'],
    ['responded_at', 'timestamptz'],
    ['status', 'text'],
    ['resolution', 'text'],
    ['release_amount', 'numeric'],
    ['refund_amount', 'numeric'],
    ['note', 'text'],
    ['resolved_by', 'int'],
    ['resolved_at', 'timestamptz'],
  ],
  row: ({ s, d }) => [
    d.disputeId,
    s.originalId,
    s.jobId,
    d.openedBy,
    d.openedByParty,
    d.statement,
    d.openedAt,
    d.response?.by ?? null,
    d.response?.statement ?? null,
    d.response?.at ?? null,
    d.status,
    d.resolution?.resolution ?? null,
    d.resolution?.releaseAmount ?? null,
    d.resolution?.refundAmount ?? null,
    d.resolution?.note ?? null,
    d.resolution?.by ?? null,
    d.resolution?.at ?? null,
  ],
};

/** Every row of these milestones, table by table. */
function rowsOf(states: readonly Projected[]): RowSet[] {
  const active = states.filter((s): s is Active => s.status === 'active');
  const versions = active.flatMap((s) => s.versions.map((v) => ({ s, v })));
  return [
    rowSet(milestoneRows, active),
    rowSet(versionRows, versions),
    rowSet(
      payeeRows,
      versions.flatMap(({ s, v }) => v.terms.payees.map((p) => ({ s, v, p }))),
    ),
    rowSet(
      depositRows,
      active.flatMap((s) => s.deposits.map((d) => ({ s, d }))),
    ),
    rowSet(
      disbursementRows,
      active.flatMap((s) => s.disbursements.map((d) => ({ s, d }))),
    ),
    rowSet(
      refundRows,
      active.flatMap((s) => s.refunds.map((r) => ({ s, r }))),
    ),
    rowSet(
      disputeRows,
      active.flatMap((s) => s.disputes.map((d) => ({ s, d }))),
    ),
    rowSet(
      retainageRows,
      active.flatMap((s) => s.disbursements.filter((d) => money(d.retainage).gt(0)).map((d) => ({ s, d }))),
    ),
    rowSet(
      waiverRows,
      active.flatMap((s) => waiversOf(s).map((w) => ({ s, w }))),
    ),
  ];
}

/** A table's rows of one milestone as text: equal texts, equal rows. */
function rowsText(set: RowSet): string {
  return JSON.stringify(set.items.map((item) => set.rows.row(item)));
}

const milestoneStore: FoldedStateStore<Projected> = {
  async load(context, keys) {
    // The author roles come back from the versions' rows by their primary key (a rebuild's fresh
    // tables have no original_id index yet), in the same round trip.
    const rows = await context.query<{ original_id: number; state: MilestoneState; author_roles: Record<string, string> | null }>(
      `SELECT m.original_id, m.state,
              (SELECT jsonb_object_agg(v.m_id, v.author_company_role) FROM ${context.table('milestone_versions')} v
                WHERE v.m_id IN (SELECT (x->>'versionId')::int FROM jsonb_array_elements(m.state->'versions') x)
                  AND v.author_company_role IS NOT NULL) AS author_roles
         FROM ${context.table('milestones')} m WHERE m.original_id = ANY($1::int[])`,
      [keys],
    );
    return new Map(rows.map((r) => [r.original_id, withAuthorRoles(currentMilestoneShape(r.state), r.author_roles)]));
  },

  async save(context, states, stored) {
    // Only the tables whose rows of a milestone changed are cleared and written again: an approval
    // rewrites the milestone's row and its versions, not its deposits, payouts and waivers.
    const changed = new Map<string, { keys: number[]; rows: RowSet['rows']; items: unknown[] }>();
    for (const [key, state] of states) {
      if (state.status !== 'active') continue;
      const before = stored.get(key);
      const old = before?.status === 'active' ? new Map(rowsOf([before]).map((set) => [set.rows.table, rowsText(set)])) : null;
      for (const set of rowsOf([state])) {
        const table = set.rows.table;
        if (old?.get(table) === rowsText(set)) continue;
        const entry = changed.get(table) ?? { keys: [], rows: set.rows, items: [] };
        entry.keys.push(key);
        entry.items.push(...set.items);
        changed.set(table, entry);
      }
    }
    if (changed.size === 0) return;
    const tables = [...changed.entries()];
    // One statement clears what changed, one writes it again: two round trips per batch.
    await context.query(
      `WITH ${tables.map(([table], i) => `d${i} AS (DELETE FROM ${context.table(table)} WHERE original_id = ANY($${i + 1}::int[]))`).join(', ')} SELECT 1`,
      tables.map(([, entry]) => entry.keys),
    );
    await insertAll(
      context,
      tables.map(([table, entry]) => unnestInsert(rowSet(entry.rows, entry.items), context.table(table))),
    );
  },

  rowsOf,

  async removeWritten(context, states) {
    // By each table's primary key (a rebuild builds the original_id indexes only at its end).
    const active = states.filter((s): s is Active => s.status === 'active');
    const keys: [string, string, number[]][] = [
      ['milestones', 'original_id', active.map((s) => s.originalId)],
      ['milestone_versions', 'm_id', active.flatMap((s) => s.versions.map((v) => v.versionId))],
      ['milestone_payees', 'mp_id', active.flatMap((s) => s.versions.flatMap((v) => v.terms.payees.map((p) => p.payeeId)))],
      ['milestone_deposits', 'md_id', active.flatMap((s) => s.deposits.map((d) => d.depositId))],
      ['milestone_disbursements', 'disbursement_id', active.flatMap((s) => s.disbursements.map((d) => d.disbursementId))],
      ['milestone_refunds', 'refund_id', active.flatMap((s) => s.refunds.map((r) => r.refundId))],
      ['milestone_disputes', 'dispute_id', active.flatMap((s) => s.disputes.map((d) => d.disputeId))],
      // Their primary keys start with original_id.
      ['milestone_retainage', 'original_id', active.map((s) => s.originalId)],
      ['milestone_waivers', 'original_id', active.map((s) => s.originalId)],
    ];
    await context.query(
      `WITH ${keys.map(([table, key], i) => `d${i} AS (DELETE FROM ${context.table(table)} WHERE ${key} = ANY($${i + 1}::int[]))`).join(', ')} SELECT 1`,
      keys.map(([, , ids]) => ids),
    );
  },
};

/** A stored state with the author roles its versions' rows hold. */
function withAuthorRoles(state: MilestoneState, stored: Record<string, string> | null): Projected {
  const roles: Record<number, CompanyRole> = {};
  for (const [versionId, value] of Object.entries(stored ?? {})) {
    const role = asCompanyRole(value);
    if (role) roles[Number(versionId)] = role;
  }
  return Object.keys(roles).length === 0 || state.status !== 'active' ? state : { ...state, authorRoles: roles };
}

const fold: FoldOptions<Projected, MilestoneEvent> = {
  keyOf: (event) => (event.data as { originalId: number }).originalId,
  initial: { status: 'none' },
  evolve: evolveProjected,
  store: milestoneStore,
};

/** Every milestone read model, rebuilt from the milestone streams with the domain's evolve. */
export class MilestonesProjector implements Projector {
  readonly name = 'milestones';
  /** 3: retainage, lien waivers and the clock on held funds (issue 17); 4: the versions' author roles (issue 37). */
  readonly version = 4;
  readonly tables = ['milestones', ...CHILD_TABLES] as const;
  readonly handles = MILESTONE_EVENT_TYPES;

  async apply(events: RecordedEvent[], context: ProjectionContext): Promise<void> {
    await applyFolded(events, context, fold);
  }

  bulkReplay(sink: BulkSink): BulkReplay {
    return new FoldedReplay(sink, fold);
  }
}
