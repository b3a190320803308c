import {
  type ActiveMilestone,
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

import type { ProjectionContext, Projector } from '../runner/projector';
import { applyFolded, type BulkInsert, columns, type FoldedStateStore, insertAll } from '../shared/folded-state';

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

const milestoneStore: FoldedStateStore<MilestoneState> = {
  async load(context, keys) {
    const rows = await context.query<{ original_id: number; state: MilestoneState }>(
      `SELECT original_id, state FROM ${context.table('milestones')} WHERE original_id = ANY($1::int[])`,
      [keys],
    );
    return new Map(rows.map((r) => [r.original_id, currentMilestoneShape(r.state)]));
  },

  async save(context, states) {
    const active = [...states.values()].filter((s): s is ActiveMilestone => s.status === 'active');
    const keys = active.map((s) => s.originalId);
    // One statement clears every table of these milestones, one writes them again: two round
    // trips per batch instead of one per table and operation.
    await context.query(
      `WITH ${['milestones', ...CHILD_TABLES].map((table, i) => `d${i} AS (DELETE FROM ${context.table(table)} WHERE original_id = ANY($1::int[]))`).join(', ')} SELECT 1`,
      [keys],
    );
    if (active.length === 0) return;
    const parts: BulkInsert[] = [];
    const add = <T>(sql: string, rows: T[], pick: (row: T) => unknown[]) => parts.push({ sql, columns: columns(rows, pick) });

    add(
      `INSERT INTO ${context.table('milestones')}
         (original_id, job_id, state, status, current_m_id, head_m_id, position, title, locked, deposit_total, deposit_sum, deposit_pending,
          disbursed, paid_out, fees, refunded, held, customer_completed, company_completed, response_deadline, created_at, agreed_at,
          funded_at, completed_at, updated_at, retainage_held, in_custody, held_since, next_date, next_date_kind, must_act, waivers_missing)
       SELECT * FROM unnest($1::int[], $2::int[], $3::jsonb[], $4::text[], $5::int[], $6::int[], $7::int[], $8::text[], $9::boolean[],
          $10::numeric[], $11::numeric[], $12::numeric[], $13::numeric[], $14::numeric[], $15::numeric[], $16::numeric[], $17::numeric[],
          $18::boolean[], $19::boolean[], $20::timestamptz[], $21::timestamptz[], $22::timestamptz[], $23::timestamptz[], $24::timestamptz[], $25::timestamptz[],
          $26::numeric[], $27::numeric[], $28::timestamptz[], $29::timestamptz[], $30::text[], $31::jsonb[], $32::int[])`,
      active,
      (s) => {
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
          JSON.stringify(s),
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
    );

    const versions = active.flatMap((s) => s.versions.map((v) => ({ s, v })));
    add(
      `INSERT INTO ${context.table('milestone_versions')}
         (m_id, original_id, job_id, is_original, title, definition, position, author_id, author_party, status, customer_approval,
          company_approval, amount, fee_total, deposit_total, created_at, agreed_at)
       SELECT * FROM unnest($1::int[], $2::int[], $3::int[], $4::boolean[], $5::text[], $6::text[], $7::int[], $8::int[], $9::text[], $10::text[],
          $11::text[], $12::text[], $13::numeric[], $14::numeric[], $15::numeric[], $16::timestamptz[], $17::timestamptz[])`,
      versions,
      ({ s, v }) => [
        v.versionId,
        s.originalId,
        s.jobId,
        v.isOriginal,
        v.title,
        v.definition,
        v.position,
        v.proposedBy,
        v.proposedByParty,
        v.status,
        v.approvals.customer,
        v.approvals.company,
        v.terms.amount,
        v.terms.feeTotal,
        v.terms.depositTotal,
        v.proposedAt,
        v.agreedAt,
      ],
    );

    const payees = versions.flatMap(({ s, v }) => v.terms.payees.map((p) => ({ s, v, p })));
    add(
      `INSERT INTO ${context.table('milestone_payees')}
         (mp_id, m_id, original_id, job_id, company_id, type, percent_decimal, amount, include_fee, fee, net, buyer_owes, retainage)
       SELECT * FROM unnest($1::int[], $2::int[], $3::int[], $4::int[], $5::int[], $6::text[], $7::numeric[], $8::numeric[], $9::boolean[],
          $10::numeric[], $11::numeric[], $12::numeric[], $13::numeric[])`,
      payees,
      ({ s, v, p }) => [
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
    );

    const deposits = active.flatMap((s) => s.deposits.map((d) => ({ s, d })));
    add(
      `INSERT INTO ${context.table('milestone_deposits')}
         (md_id, original_id, m_id, job_id, amount, status, requested_by, bank_last4, created_at, settled_at, failure_reason)
       SELECT * FROM unnest($1::int[], $2::int[], $3::int[], $4::int[], $5::numeric[], $6::text[], $7::int[], $8::text[], $9::timestamptz[],
          $10::timestamptz[], $11::text[])`,
      deposits,
      ({ s, d }) => [
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
    );

    const disbursements = active.flatMap((s) => s.disbursements.map((d) => ({ s, d })));
    add(
      `INSERT INTO ${context.table('milestone_disbursements')}
         (disbursement_id, original_id, job_id, mp_id, company_id, amount, fee, status, cause, created_at, paid_at, retainage)
       SELECT * FROM unnest($1::int[], $2::int[], $3::int[], $4::int[], $5::int[], $6::numeric[], $7::numeric[], $8::text[], $9::text[],
          $10::timestamptz[], $11::timestamptz[], $12::numeric[])`,
      disbursements,
      ({ s, d }) => [d.disbursementId, s.originalId, s.jobId, d.payeeId, d.companyId, d.amount, d.fee, d.status, d.cause, d.requestedAt, d.paidAt, d.retainage],
    );

    // Each payee's retainage: withheld from its disbursement, then released or refunded.
    const retained = disbursements
      .filter(({ d }) => money(d.retainage).gt(0))
      .map(({ s, d }) => {
        const release = s.retainageReleases.find((r) => r.payeeId === d.payeeId) ?? null;
        const refunded = sum(s.retainageRefunds.flatMap((r) => r.payees.filter((p) => p.payeeId === d.payeeId).map((p) => money(p.amount))));
        const released = money(release?.amount ?? 0);
        return { s, d, release, released, refunded, held: money(d.retainage).minus(released).minus(refunded) };
      });
    add(
      `INSERT INTO ${context.table('milestone_retainage')}
         (original_id, mp_id, job_id, company_id, withheld, released, refunded, held, release_status, released_at, paid_at)
       SELECT * FROM unnest($1::int[], $2::int[], $3::int[], $4::int[], $5::numeric[], $6::numeric[], $7::numeric[], $8::numeric[], $9::text[],
          $10::timestamptz[], $11::timestamptz[])`,
      retained,
      ({ s, d, release, released, refunded, held: stillHeld }) => [
        s.originalId,
        d.payeeId,
        s.jobId,
        d.companyId,
        d.retainage,
        formatAmount(released),
        formatAmount(refunded),
        formatAmount(stillHeld),
        release?.status ?? null,
        release?.requestedAt ?? null,
        release?.paidAt ?? null,
      ],
    );

    const waivers = active.flatMap((s) => waiversOf(s).map((w) => ({ s, w })));
    add(
      `INSERT INTO ${context.table('milestone_waivers')}
         (original_id, payment, mp_id, kind, job_id, company_id, amount, site_state, status, due_since, waiver_name, waiver_hash, signed_by, signed_at)
       SELECT * FROM unnest($1::int[], $2::text[], $3::int[], $4::text[], $5::int[], $6::int[], $7::numeric[], $8::text[], $9::text[],
          $10::timestamptz[], $11::text[], $12::text[], $13::int[], $14::timestamptz[])`,
      waivers,
      ({ s, w }) => [
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
    );

    const refunds = active.flatMap((s) => s.refunds.map((r) => ({ s, r })));
    add(
      `INSERT INTO ${context.table('milestone_refunds')} (refund_id, original_id, job_id, amount, reason, status, created_at, paid_at)
       SELECT * FROM unnest($1::int[], $2::int[], $3::int[], $4::numeric[], $5::text[], $6::text[], $7::timestamptz[], $8::timestamptz[])`,
      refunds,
      ({ s, r }) => [r.refundId, s.originalId, s.jobId, r.amount, r.reason, r.status, r.requestedAt, r.paidAt],
    );

    const disputes = active.flatMap((s) => s.disputes.map((d) => ({ s, d })));
    add(
      `INSERT INTO ${context.table('milestone_disputes')}
         (dispute_id, original_id, job_id, opened_by, opened_party, statement, opened_at, response_by, response, responded_at, status,
          resolution, release_amount, refund_amount, note, resolved_by, resolved_at)
       SELECT * FROM unnest($1::int[], $2::int[], $3::int[], $4::int[], $5::text[], $6::text[], $7::timestamptz[], $8::int[], $9::text[],
          $10::timestamptz[], $11::text[], $12::text[], $13::numeric[], $14::numeric[], $15::text[], $16::int[], $17::timestamptz[])`,
      disputes,
      ({ s, d }) => [
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
    );
    await insertAll(context, parts);
  },
};

/** Every milestone read model, rebuilt from the milestone streams with the domain's evolve. */
export class MilestonesProjector implements Projector {
  readonly name = 'milestones';
  /** 3: retainage, lien waivers and the clock on held funds (issue 17). */
  readonly version = 3;
  readonly tables = ['milestones', ...CHILD_TABLES] as const;
  readonly handles = MILESTONE_EVENT_TYPES;

  async apply(events: RecordedEvent[], context: ProjectionContext): Promise<void> {
    await applyFolded<MilestoneState, MilestoneEvent>(events, context, {
      keyOf: (event) => (event.data as { originalId: number }).originalId,
      initial: { status: 'none' },
      evolve: evolveMilestone,
      store: milestoneStore,
    });
  }
}
