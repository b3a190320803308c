import {
  type ActiveMilestone,
  type AsOfView,
  type BillingEvent,
  currentVersion,
  evolveMilestone,
  evolveProject,
  formatAmount,
  held,
  type MilestoneEvent,
  type MilestoneState,
  money,
  postingsFor,
  type ProjectEvent,
  type ProjectState,
  retainageHeld,
  settledDeposits,
  sum,
  versionLabel,
} from '@escrow/domain';
import { type IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';

import { attachmentView, retainageEvidenceView } from '../../attachments';
import { versionView } from '../../milestones';
import { MilestoneReads, ProjectAccess, ProjectEvents } from '../../read-models';
import { rawEventsOf } from '../raw-events';

/**
 * GET /api/admin/job/{id}/as-of: the project as it stood at an instant, rebuilt from the events
 * up to then with the domain's own evolve: the approved version of each milestone, every balance,
 * and the evidence then (the files attached before it and not yet removed).
 */
export class GetProjectAsOf extends Query<AsOfView> {
  constructor(
    readonly projectId: number,
    /** An instant JavaScript reads (Date.parse). */
    readonly instant: string,
  ) {
    super();
  }
}

@QueryHandler(GetProjectAsOf)
export class GetProjectAsOfHandler implements IQueryHandler<GetProjectAsOf> {
  constructor(
    private readonly access: ProjectAccess,
    private readonly milestones: MilestoneReads,
    private readonly projectEvents: ProjectEvents,
  ) {}

  async execute({ projectId: projectId, instant }: GetProjectAsOf): Promise<AsOfView> {
    await this.access.job(projectId);
    const at = Date.parse(instant);
    const events = (await rawEventsOf(this.projectEvents, projectId, this.milestones)).filter((e) => Date.parse(e.occurred_at) <= at);
    let project: ProjectState = { status: 'none' };
    const milestoneStates = new Map<number, MilestoneState>();
    const balances = new Map<string, ReturnType<typeof money>>();
    const retainageByCompany = new Map<number, ReturnType<typeof money>>();
    const post = (event: MilestoneEvent | BillingEvent) => {
      for (const p of postingsFor(event)) {
        balances.set(p.account, (balances.get(p.account) ?? money(0)).plus(p.amount));
        if (p.account === 'retainage' && p.companyId !== null)
          retainageByCompany.set(p.companyId, (retainageByCompany.get(p.companyId) ?? money(0)).plus(p.amount));
      }
    };
    for (const e of events) {
      if (e.stream_id.startsWith('job-')) project = evolveProject(project, { type: e.type, data: e.data } as unknown as ProjectEvent);
      else if (e.stream_id.startsWith('milestone-')) {
        const event = { type: e.type, data: e.data } as unknown as MilestoneEvent;
        const id = (e.data as { originalId: number }).originalId;
        milestoneStates.set(id, evolveMilestone(milestoneStates.get(id) ?? { status: 'none' }, event));
        post(event);
      }
      // A progress-billed project's money is in the balances, as in the ledger (docs/progress-billing.md#the-ledger).
      else if (e.stream_id.startsWith('billing-')) post({ type: e.type, data: e.data } as unknown as BillingEvent);
    }
    const active = [...milestoneStates.values()].filter((s): s is ActiveMilestone => s.status === 'active');
    const evidenceThen = (s: ActiveMilestone) => s.attachments.filter((a) => a.removed === null);
    const retainageEvidenceThen = project.status === 'none' ? [] : (project.retainage.evidence ?? []).filter((e) => e.removed === null);
    const attachers = [...active.flatMap((s) => evidenceThen(s).map((a) => a.by)), ...retainageEvidenceThen.map((e) => e.by)];
    const names = await this.milestones.namesFor(active, attachers, [...retainageByCompany.keys()]);
    return {
      at: new Date(at).toISOString(),
      events_applied: events.length,
      project:
        project.status === 'none'
          ? null
          : {
              status: project.status,
              service: project.service,
              customer_id: project.customerId,
              primary_company_id: project.primaryCompanyId,
              terms: project.terms,
              retainage_decisions: project.retainage.decisions,
              retainage_evidence: retainageEvidenceThen.map((e) => retainageEvidenceView(project.jobId, e, names)),
            },
      milestones: active.map((s) => {
        const current = currentVersion(s);
        return {
          original_id: s.originalId,
          approved_version: current ? versionView(s, current, names) : null,
          versions: s.versions.map((v) => ({ m_id: v.versionId, label: versionLabel(s, v), title: v.title, amount: v.terms.amount })),
          held: formatAmount(held(s)),
          deposited: formatAmount(settledDeposits(s)),
          disbursed: formatAmount(sum(s.disbursements.map((d) => money(d.amount)))),
          refunded: formatAmount(sum(s.refunds.map((r) => money(r.amount)))),
          retainage_held: formatAmount(retainageHeld(s)),
          attachments: evidenceThen(s).map((a) => attachmentView(s, a, names)),
        };
      }),
      balances: Object.fromEntries([...balances].map(([account, amount]) => [account, formatAmount(amount)])),
      // Retainage held per payee at that instant, from the ledger's postings.
      retainage_by_payee: [...retainageByCompany]
        .filter(([, amount]) => !amount.isZero())
        .map(([companyId, amount]) => ({ company_id: companyId, name: names.company(companyId), held: formatAmount(amount) })),
    };
  }
}
