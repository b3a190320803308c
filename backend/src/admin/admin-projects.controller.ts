import {
  type ActiveMilestone,
  type AdminJobView,
  type AsOfView,
  currentVersion,
  type EventStore,
  evolveMilestone,
  evolveProject,
  formatAmount,
  held,
  type LedgerPostingRow,
  type MilestoneEvent,
  type MilestoneState,
  money,
  postingsFor,
  type ProjectEvent,
  type ProjectState,
  type ProjectSummary,
  type RawEventView,
  retainageHeld,
  retainageHeldByPayee,
  settledDeposits,
  type SignedContractRow,
  sum,
  versionLabel,
  waiversOf,
} from '@escrow/domain';
import { BadRequestException, Controller, Get, Inject, Param, Query } from '@nestjs/common';
import type { Pool } from 'pg';

import { EVENT_STORE } from '../event-store/event-store.tokens';
import { isIdText } from '../http/ids';
import { Answers } from '../http/openapi';
import { ParseIdPipe } from '../http/parse-id.pipe';
import { Access, AdminRoles, EVERY_ADMIN_ROLE } from '../identity';
import { PG_POOL } from '../infrastructure/database/database.tokens';
import { versionView } from '../milestones';
import { ProjectSummaries } from '../projects';
import { MilestoneReads, paymentDestination, ProjectAccess, ProjectEvents } from '../read-models';
import { ProjectSearch } from './project-search';

/** Everything about projects for an auditor: the raw events, the postings, the past. Admins only. */
@Controller('admin')
@Access('admin')
@AdminRoles(...EVERY_ADMIN_ROLE)
export class AdminProjectsController {
  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly access: ProjectAccess,
    private readonly milestones: MilestoneReads,
    private readonly projectEvents: ProjectEvents,
    private readonly views: ProjectSummaries,
    private readonly projectSearch: ProjectSearch,
  ) {}

  @Get('projects')
  @Answers(['ProjectSummary'])
  async projects(@Query('search') search: unknown): Promise<ProjectSummary[]> {
    if (search !== undefined && typeof search !== 'string') throw new BadRequestException('search must be given once.');
    return this.views.summaries(await this.projectSearch.ids(search?.trim() || null), () => 'admin');
  }

  /** One project in full: parties and money, every milestone version, payments and the ledger. */
  @Get('job/:id')
  @Answers('AdminJobView')
  async job(@Param('id', ParseIdPipe) jobId: number): Promise<AdminJobView> {
    await this.access.job(jobId);
    // access.job answered 404 for a project that does not exist: this one has its summary.
    const [summary] = (await this.views.summaries([jobId], () => 'admin')) as [ProjectSummary];
    const states = await this.milestones.ofJob(jobId);
    const names = await this.milestones.namesFor(states);
    return {
      summary,
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

  /** The double-entry postings of a project (or one milestone), with each account's running balance. */
  @Get('job/:id/ledger')
  @Answers(['LedgerPostingRow'])
  async ledger(@Param('id', ParseIdPipe) jobId: number, @Query('milestone') milestoneParam: unknown): Promise<LedgerPostingRow[]> {
    await this.access.job(jobId);
    if (milestoneParam !== undefined && !isIdText(milestoneParam)) throw new BadRequestException('milestone must be a milestone id.');
    const { rows } = await this.pool.query<Omit<LedgerPostingRow, 'occurred_at'> & { occurred_at: Date }>(
      `SELECT l.event_id, l.line, l.position, l.original_id, l.account, l.company_id, c.name AS company_name, l.amount, l.event_type, l.occurred_at, l.paid_to,
              sum(l.amount) OVER (PARTITION BY l.account, coalesce(l.company_id, 0) ORDER BY l.commit_position, l.prepare_position, l.line)::numeric(20,2)::text AS running_balance
         FROM ledger_entries l LEFT JOIN companies c ON c.company_id = l.company_id
        WHERE l.job_id = $1 AND ($2::int IS NULL OR l.original_id = $2)
        ORDER BY l.commit_position, l.prepare_position, l.line`,
      [jobId, milestoneParam ?? null],
    );
    // JSON wrote the Date as toISOString(): the contract's string is the same text.
    return rows.map((r) => ({ ...r, occurred_at: r.occurred_at.toISOString() }));
  }

  /** The raw event stream of a project: its own stream and its milestones', in global order. */
  @Get('job/:id/events')
  @Answers(['RawEventView'])
  async events(@Param('id', ParseIdPipe) jobId: number): Promise<RawEventView[]> {
    await this.access.job(jobId);
    return this.rawEvents(jobId);
  }

  /**
   * The project as it stood at an instant, rebuilt from the events up to then with the domain's
   * own evolve: the approved version of each milestone, and every balance.
   */
  @Get('job/:id/as-of')
  @Answers('AsOfView')
  async asOf(@Param('id', ParseIdPipe) jobId: number, @Query('at') atParam: unknown): Promise<AsOfView> {
    await this.access.job(jobId);
    if (typeof atParam !== 'string' || Number.isNaN(Date.parse(atParam))) throw new BadRequestException('at must be an instant like 2026-11-22T10:30:00Z.');
    const at = Date.parse(atParam);
    const events = (await this.rawEvents(jobId)).filter((e) => Date.parse(e.occurred_at) <= at);
    let project: ProjectState = { status: 'none' };
    const milestoneStates = new Map<number, MilestoneState>();
    const balances = new Map<string, ReturnType<typeof money>>();
    const retainageByCompany = new Map<number, ReturnType<typeof money>>();
    for (const e of events) {
      if (e.stream_id.startsWith('job-')) project = evolveProject(project, { type: e.type, data: e.data } as unknown as ProjectEvent);
      else {
        const event = { type: e.type, data: e.data } as unknown as MilestoneEvent;
        const id = (e.data as { originalId: number }).originalId;
        milestoneStates.set(id, evolveMilestone(milestoneStates.get(id) ?? { status: 'none' }, event));
        for (const p of postingsFor(event)) {
          balances.set(p.account, (balances.get(p.account) ?? money(0)).plus(p.amount));
          if (p.account === 'retainage' && p.companyId !== null)
            retainageByCompany.set(p.companyId, (retainageByCompany.get(p.companyId) ?? money(0)).plus(p.amount));
        }
      }
    }
    const active = [...milestoneStates.values()].filter((s): s is ActiveMilestone => s.status === 'active');
    const names = await this.milestones.namesFor(active, [], [...retainageByCompany.keys()]);
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
        };
      }),
      balances: Object.fromEntries([...balances].map(([account, amount]) => [account, formatAmount(amount)])),
      // Retainage held per payee at that instant, from the ledger's postings.
      retainage_by_payee: [...retainageByCompany]
        .filter(([, amount]) => !amount.isZero())
        .map(([companyId, amount]) => ({ company_id: companyId, name: names.company(companyId), held: formatAmount(amount) })),
    };
  }

  /**
   * Every agreement text of a project that someone signed, with each party's signature of that very
   * text. Signatures come from the project's events, so a text signed before the milestones
   * changed keeps its signatures even after a party signed a newer text.
   */
  @Get('job/:id/contracts')
  @Answers(['SignedContractRow'])
  async contracts(@Param('id', ParseIdPipe) jobId: number): Promise<SignedContractRow[]> {
    await this.access.job(jobId);
    const { rows } = await this.pool.query<{ contract_name: string; agreement_hash: string; created_at: Date }>(
      'SELECT contract_name, agreement_hash, created_at FROM signed_agreements WHERE job_id = $1 ORDER BY created_at',
      [jobId],
    );
    const signatures = new Map<string, { buyer: { signed_name: string; at: string } | null; seller: { signed_name: string; at: string } | null }>();
    for (const e of await this.store.readStream(`job-${jobId}`)) {
      if (e.type !== 'ProjectAgreementSigned') continue;
      const data = (e as unknown as { data: Extract<ProjectEvent, { type: 'ProjectAgreementSigned' }>['data'] }).data;
      const entry = signatures.get(data.contractName) ?? { buyer: null, seller: null };
      entry[data.party === 'customer' ? 'buyer' : 'seller'] = { signed_name: data.signedName, at: data.at };
      signatures.set(data.contractName, entry);
    }
    return rows.map((r) => ({
      contract_name: r.contract_name,
      agreement_hash: r.agreement_hash,
      first_signed_at: r.created_at.toISOString(),
      buyer: signatures.get(r.contract_name)?.buyer ?? null,
      seller: signatures.get(r.contract_name)?.seller ?? null,
    }));
  }

  private async rawEvents(jobId: number): Promise<RawEventView[]> {
    return (await this.projectEvents.of(jobId)).map((e) => ({
      event_id: e.id,
      stream_id: e.streamId,
      revision: e.revision,
      position: `${e.position.commit}/${e.position.prepare}`,
      type: e.type,
      occurred_at: e.metadata.occurredAt,
      recorded_at: e.recordedAt.toISOString(),
      actor_id: e.metadata.actorId,
      actor_role: e.metadata.actorRole,
      data: e.data as Record<string, unknown>,
      metadata: e.metadata,
    }));
  }
}
