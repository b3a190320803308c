import { type ActiveMilestone, WHOLE_PROJECT_MILESTONE } from '@escrow/domain';
import { type IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';

import type { SessionUser } from '../../identity';
import { MilestoneReads, ProjectAccess } from '../../read-models';

/** GET /api/job/{id}/payments: what was deposited, released to whom and refunded, and when. */
export class GetProjectPayments extends Query<Record<'deposits' | 'disbursements' | 'refunds', Record<string, unknown>[]>> {
  constructor(
    readonly user: SessionUser,
    readonly jobId: number,
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
  ) {}

  async execute({ user, jobId }: GetProjectPayments) {
    await this.access.requireViewer(jobId, user);
    const states = await this.milestones.ofJob(jobId);
    const names = await this.milestones.namesFor(states);
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
        })),
      ),
      refunds: states.flatMap((m) =>
        m.refunds.map((r) => ({
          refund_id: r.refundId,
          milestone_id: m.originalId,
          milestone: titleOf(m),
          amount: r.amount,
          reason: r.reason,
          status: r.status,
          created: r.requestedAt,
          paid_at: r.paidAt,
        })),
      ),
    };
  }
}
