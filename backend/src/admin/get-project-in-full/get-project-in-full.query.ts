import {
  type AdminJobView,
  currentVersion,
  formatAmount,
  held,
  type ProjectSummary,
  retainageHeld,
  retainageHeldByPayee,
  settledDeposits,
  waiversOf,
} from '@escrow/domain';
import { type IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';

import { versionView } from '../../milestones';
import { ProjectSummaries } from '../../projects';
import { MilestoneReads, paymentDestination, ProjectAccess } from '../../read-models';
import { AdminBilling } from './admin-billing';

/** GET /api/admin/job/{id}: one project in full, for an auditor: parties and money, every milestone version, payments, and a progress-billed project's billing. */
export class GetProjectInFull extends Query<AdminJobView> {
  constructor(readonly projectId: number) {
    super();
  }
}

@QueryHandler(GetProjectInFull)
export class GetProjectInFullHandler implements IQueryHandler<GetProjectInFull> {
  constructor(
    private readonly access: ProjectAccess,
    private readonly milestones: MilestoneReads,
    private readonly summaries: ProjectSummaries,
    private readonly billing: AdminBilling,
  ) {}

  async execute({ projectId: projectId }: GetProjectInFull): Promise<AdminJobView> {
    await this.access.job(projectId);
    // access.job answered 404 for a project that does not exist: this one has its summary.
    const [summary] = (await this.summaries.summaries([projectId], () => 'admin')) as [ProjectSummary];
    const states = await this.milestones.ofJob(projectId);
    const names = await this.milestones.namesFor(states);
    return {
      summary,
      billing: await this.billing.of(projectId),
      milestones: states.map((s) => ({
        original_id: s.originalId,
        title: (currentVersion(s) ?? s.versions.at(-1)!).title || 'Whole Project Milestone',
        held: formatAmount(held(s)),
        deposited: formatAmount(settledDeposits(s)),
        versions: s.versions.map((v) => versionView(s, v, names)),
        deposits: s.deposits,
        disbursements: s.disbursements.map((d) => ({ ...d, name: names.company(d.companyId), ...paymentDestination(d, names) })),
        refunds: s.refunds,
        disputes: s.disputes,
        retainage_held: formatAmount(retainageHeld(s)),
        retainage_by_payee: retainageHeldByPayee(s).map((p) => ({
          mp_id: p.payeeId,
          company_id: p.companyId,
          name: names.company(p.companyId),
          held: formatAmount(p.amount),
        })),
        retainage_releases: s.retainageReleases.map((r) => ({ ...r, name: names.company(r.companyId), ...paymentDestination(r, names) })),
        retainage_refunds: s.retainageRefunds,
        waivers: waiversOf(s).map((w) => ({
          payment: w.payment,
          mp_id: w.payeeId,
          company_id: w.companyId,
          name: names.company(w.companyId),
          kind: w.kind,
          amount: w.amount,
          site_state: w.siteState,
          status: w.waiver === null ? 'missing' : w.waiver.signedBy === null ? 'issued' : 'signed',
          due_since: w.dueSince,
          waiver_name: w.waiver?.waiverName ?? null,
          at: w.waiver?.at ?? null,
        })),
      })),
    };
  }
}
