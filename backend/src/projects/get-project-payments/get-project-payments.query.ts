import {
  type ActiveBilling,
  type ActiveMilestone,
  type BillingState,
  formatAmount,
  money,
  type ProjectPayments,
  type ProjectRefundRow,
  type ProjectRetainageRow,
  sum,
  WHOLE_PROJECT_MILESTONE,
} from '@escrow/domain';
import { Inject } from '@nestjs/common';
import { type IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import type { Pool } from 'pg';

import type { SessionUser } from '../../identity';
import { PG_POOL } from '../../infrastructure/database/database.tokens';
import { MilestoneReads, ProjectAccess } from '../../read-models';

/** GET /api/job/{id}/payments: what was deposited, released to whom and refunded (retainage included), and when. */
export class GetProjectPayments extends Query<ProjectPayments> {
  constructor(
    readonly user: SessionUser,
    readonly projectId: number,
  ) {
    super();
  }
}

const titleOf = (m: ActiveMilestone) => (m.versions.find((v) => v.versionId === m.currentVersionId) ?? m.versions.at(-1)!).title || WHOLE_PROJECT_MILESTONE;

@QueryHandler(GetProjectPayments)
export class GetProjectPaymentsHandler implements IQueryHandler<GetProjectPayments> {
  constructor(
    private readonly access: ProjectAccess,
    private readonly milestones: MilestoneReads,
    @Inject(PG_POOL) private readonly pool: Pool,
  ) {}

  async execute({ user, projectId: projectId }: GetProjectPayments): Promise<ProjectPayments> {
    await this.access.requireViewer(projectId, user);
    const states = await this.milestones.ofJob(projectId);
    const names = await this.milestones.namesFor(states);
    const { rows } = await this.pool.query<{ state: BillingState }>('SELECT state FROM billing_schedules WHERE job_id = $1', [projectId]);
    const billing = rows[0]?.state.status === 'active' ? rows[0].state : null;
    return {
      deposits: states.flatMap((m) =>
        m.deposits.map((d) => ({
          md_id: d.depositId,
          milestone_id: m.originalId,
          milestone: titleOf(m),
          amount: d.amount,
          payment_status: d.status,
          created: d.requestedAt,
          settled_at: d.settledAt,
          clears_at: d.clearsAt,
          cleared_at: d.clearedAt,
          bank_last4: d.bankAccountLast4,
        })),
      ),
      disbursements: states.flatMap((m) =>
        m.disbursements.map((d) => ({
          disbursement_id: d.disbursementId,
          milestone_id: m.originalId,
          milestone: titleOf(m),
          company_id: d.companyId,
          name: names.company(d.companyId),
          amount: d.amount,
          fee: d.fee,
          status: d.status,
          cause: d.cause,
          created: d.requestedAt,
          paid_at: d.paidAt,
          retainage: d.retainage,
        })),
      ),
      // Retainage per payee and milestone: withheld from its disbursement, then released (and paid) or refunded.
      retainage: states.flatMap((m) =>
        m.disbursements
          .filter((d) => money(d.retainage).gt(0))
          .map((d): ProjectRetainageRow => {
            const release = m.retainageReleases.find((r) => r.payeeId === d.payeeId) ?? null;
            const refunded = sum(m.retainageRefunds.flatMap((r) => r.payees.filter((p) => p.payeeId === d.payeeId).map((p) => money(p.amount))));
            return {
              milestone_id: m.originalId,
              milestone: titleOf(m),
              mp_id: d.payeeId,
              company_id: d.companyId,
              name: names.company(d.companyId),
              withheld: d.retainage,
              held: formatAmount(
                money(d.retainage)
                  .minus(release?.amount ?? 0)
                  .minus(refunded),
              ),
              released: release?.amount ?? '0.00',
              refunded: formatAmount(refunded),
              status: release ? release.status : refunded.gt(0) ? 'refunded' : 'held',
              withheld_at: d.requestedAt,
              paid_at: release?.paidAt ?? null,
            };
          }),
      ),
      // Money back to the buyer: from escrow (a dispute, the response deadline) and retainage an
      // administrator's decision gave back (reason 'retainage'; its id is the retainage dispute's).
      refunds: states
        .flatMap((m): ProjectRefundRow[] => [
          ...m.refunds.map((r) => ({
            refund_id: r.refundId,
            milestone_id: m.originalId,
            milestone: titleOf(m),
            amount: r.amount,
            reason: r.reason,
            status: r.status,
            created: r.requestedAt,
            paid_at: r.paidAt,
          })),
          ...m.retainageRefunds.map((r) => ({
            refund_id: r.refundId,
            milestone_id: m.originalId,
            milestone: titleOf(m),
            amount: r.amount,
            reason: 'retainage' as const,
            status: r.status,
            created: r.requestedAt,
            paid_at: r.paidAt,
          })),
        ])
        .concat(billingRefunds(billing)),
    };
  }
}

/** A progress-billed project's money back to the buyer: retainage a dispute's decision refunded, and unused escrow funds returned. */
function billingRefunds(billing: ActiveBilling | null): ProjectRefundRow[] {
  if (!billing) return [];
  const base = { milestone_id: null, milestone: 'Progress billing' };
  return [
    ...(billing.retainageRefunds ?? []).map((r) => ({
      ...base,
      refund_id: r.refundId,
      amount: r.total,
      reason: 'retainage' as const,
      status: r.paid ? ('paid' as const) : ('requested' as const),
      created: r.at,
      paid_at: r.paid?.at ?? null,
    })),
    ...(billing.balanceReturns ?? []).flatMap((r) =>
      r.refundId === null
        ? []
        : [
            {
              ...base,
              refund_id: r.refundId,
              amount: r.amount,
              reason: 'balance_return' as const,
              status: r.paid ? ('paid' as const) : ('requested' as const),
              created: r.returnedAt ?? r.requestedAt,
              paid_at: r.paid?.at ?? null,
            },
          ],
    ),
  ].sort((a, b) => a.refund_id - b.refund_id);
}
