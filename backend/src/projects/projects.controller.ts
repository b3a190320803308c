import { BadRequestException, Body, Controller, Delete, ForbiddenException, Get, Headers, HttpCode, Inject, Param, Post, Put, Query } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { projectPartyOf, type ActiveMilestone } from '@escrow/domain';
import type { Pool } from 'pg';
import { Access, CurrentUser } from '../identity/access.decorators';
import type { SessionUser } from '../identity/session-user';
import { UsersRepository } from '../identity/users.repository';
import { ParseIdPipe } from '../http/parse-id.pipe';
import { CompaniesRepository } from '../directory/companies.repository';
import { PG_POOL } from '../infrastructure/database/database.tokens';
import { metadataOf } from '../escrow/actor';
import { DecideProjectCommand } from '../escrow/decide-commands';
import { idempotencyKeyOf, IdsService } from '../escrow/ids.service';
import { ProjectAccess } from '../escrow/project-access.service';
import { MilestoneReads } from '../milestones/milestone-reads.service';
import { describe, type AuditRow } from './project-history';
import { ProjectViews } from './project-views.service';
import { DraftRequest, JobStateRequest, UpdateJobBasicsRequest } from './projects.dto';

/** The new-project flow of spec §2/§4/§7 and the project pages of the portal. */
@Controller()
@Access('user')
export class ProjectsController {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly access: ProjectAccess,
    private readonly ids: IdsService,
    private readonly users: UsersRepository,
    private readonly companies: CompaniesRepository,
    private readonly views: ProjectViews,
    private readonly milestones: MilestoneReads,
    @Inject(PG_POOL) private readonly pool: Pool,
  ) {}

  /** Services for the dropdown and what the form knows already (spec §7). */
  @Get('forms/jobs/new-job-form')
  async newJobForm(@Query('customer') customer: unknown, @CurrentUser() user: SessionUser) {
    if (customer !== undefined && customer !== 'true' && customer !== 'false') throw new BadRequestException('customer must be true or false.');
    const { rows: services } = await this.pool.query<{ service_name: string }>('SELECT service_name FROM services ORDER BY service_name');
    if (customer === 'true') {
      return { services, formData: { customer_id: user.userId, customer_name: user.displayName, customerInitiated: true, company_id: null, service: null, primary_company_name: null } };
    }
    if (user.companyId === null) throw new ForbiddenException('Only contractor company users can start a project for a buyer.');
    const company = (await this.companies.byId(user.companyId))!;
    // No service is preselected: the seller chooses it (spec §4: the next step waits for that choice).
    return { services, formData: { company_id: company.company_id, primary_company_name: company.name, service: null, customerInitiated: false } };
  }

  /**
   * Creates the draft once the buyer is set (spec §4). Runs once: a call naming an existing
   * job_id, or repeating an Idempotency-Key, answers the same job instead of creating another.
   */
  @Post('job/basic')
  @HttpCode(201)
  async createDraft(@Body() body: JobStateRequest, @CurrentUser() user: SessionUser, @Headers('idempotency-key') keyHeader?: string) {
    const key = idempotencyKeyOf(keyHeader);
    if (body.job_id) {
      await this.access.requireViewer(body.job_id, user);
      return { job_id: body.job_id };
    }
    const primaryCompanyId = body.customerInitiated ? (body.primary_company_id ?? null) : (body.primary_company_id ?? user.companyId);
    await this.checkParties(body.customer_id, primaryCompanyId);
    const jobId = await this.ids.forCreation('job_id_seq', `job:${user.userId}`, key);
    const metadata = metadataOf(user);
    await this.commandBus.execute(
      new DecideProjectCommand(jobId, metadata, () => ({
        type: 'CreateJobDraft',
        data: { jobId, customerId: body.customer_id, primaryCompanyId, service: body.service, customerInitiated: body.customerInitiated },
        metadata,
      }), key),
    );
    return { job_id: jobId };
  }

  /** Changes the draft's buyer, seller or service; answers the normalised primary and state. */
  @Put('job/basic')
  @HttpCode(200)
  async updateDraft(@Body() body: UpdateJobBasicsRequest, @CurrentUser() user: SessionUser, @Headers('idempotency-key') keyHeader?: string) {
    const key = idempotencyKeyOf(keyHeader);
    const jobId = body.state.job_id;
    if (!jobId) throw new BadRequestException('state.job_id must name the draft to update.');
    const { job } = await this.access.requireViewer(jobId, user);
    const primaryCompanyId = body.primary?.company_id ?? body.primary?.primary_company_id ?? body.state.primary_company_id ?? job.primary_company_id;
    await this.checkParties(body.state.customer_id, primaryCompanyId);
    const metadata = metadataOf(user);
    await this.commandBus.execute(
      new DecideProjectCommand(jobId, metadata, () => ({ type: 'UpdateJobBasics', data: { customerId: body.state.customer_id, primaryCompanyId, service: body.state.service }, metadata }), key),
    );
    const company = primaryCompanyId ? await this.companies.byId(primaryCompanyId) : null;
    const customer = await this.users.byId(body.state.customer_id);
    return {
      primary: company ? { company_id: company.company_id, primary_company_id: company.company_id, primary_company_name: company.name } : null,
      state: {
        ...body.state,
        job_id: jobId,
        service: body.state.service.trim(),
        primary_company_id: primaryCompanyId,
        primary_company_name: company?.name ?? null,
        customer_name: customer ? `${customer.first_name} ${customer.last_name}` : body.state.customer_name,
      },
    };
  }

  /** The final submit: draft → false (spec §4). */
  @Put('job/:id/draft')
  @HttpCode(200)
  async submit(@Param('id', ParseIdPipe) jobId: number, @Body() body: DraftRequest, @CurrentUser() user: SessionUser, @Headers('idempotency-key') keyHeader?: string) {
    const key = idempotencyKeyOf(keyHeader);
    if (body.isDraft !== false) throw new BadRequestException('A project can only leave the draft state: send isDraft: false.');
    if (body.job_id !== undefined && body.job_id !== jobId) throw new BadRequestException('job_id in the body must match the project in the path.');
    await this.access.requireViewer(jobId, user);
    const metadata = metadataOf(user);
    const milestoneCount = (await this.milestones.ofJob(jobId)).length;
    await this.commandBus.execute(new DecideProjectCommand(jobId, metadata, () => ({ type: 'SubmitJob', data: { milestoneCount }, metadata }), key));
    return { job_id: jobId, is_draft: false };
  }

  /** The creator throws a draft away (before submitting it); it then exists for nobody. */
  @Delete('job/:id')
  @HttpCode(200)
  async discard(@Param('id', ParseIdPipe) jobId: number, @CurrentUser() user: SessionUser, @Headers('idempotency-key') keyHeader?: string) {
    const key = idempotencyKeyOf(keyHeader);
    await this.access.requireViewer(jobId, user);
    const metadata = metadataOf(user);
    await this.commandBus.execute(new DecideProjectCommand(jobId, metadata, () => ({ type: 'DiscardJobDraft', data: {}, metadata }), key));
    return { job_id: jobId, discarded: true };
  }

  /** The user's projects, as buyer or seller, with totals and what waits on them. */
  @Get('projects')
  async myProjects(@CurrentUser() user: SessionUser) {
    const jobIds = await this.views.jobIdsOf(user);
    return this.views.summaries(jobIds, (p) => projectPartyOf(p, metadataOf(user)));
  }

  @Get('job/:id')
  async summary(@Param('id', ParseIdPipe) jobId: number, @CurrentUser() user: SessionUser) {
    const { viewer } = await this.access.requireViewer(jobId, user);
    const [summary] = await this.views.summaries([jobId], () => viewer);
    return summary;
  }

  /** What was deposited, released to whom and refunded, and when (/portal/job/{id}/payment-release). */
  @Get('job/:id/payments')
  async payments(@Param('id', ParseIdPipe) jobId: number, @CurrentUser() user: SessionUser) {
    await this.access.requireViewer(jobId, user);
    const states = await this.milestones.ofJob(jobId);
    const names = await this.milestones.namesFor(states);
    const titleOf = (m: ActiveMilestone) => (m.versions.find((v) => v.versionId === m.currentVersionId) ?? m.versions.at(-1)!).title || 'Whole Project Milestone';
    return {
      deposits: states.flatMap((m) => m.deposits.map((d) => ({ md_id: d.depositId, milestone_id: m.originalId, milestone: titleOf(m), amount: d.amount, payment_status: d.status, created: d.requestedAt, settled_at: d.settledAt, bank_last4: d.bankAccountLast4 }))),
      disbursements: states.flatMap((m) => m.disbursements.map((d) => ({ disbursement_id: d.disbursementId, milestone_id: m.originalId, milestone: titleOf(m), company_id: d.companyId, name: names.company(d.companyId), amount: d.amount, fee: d.fee, status: d.status, cause: d.cause, created: d.requestedAt, paid_at: d.paidAt }))),
      refunds: states.flatMap((m) => m.refunds.map((r) => ({ refund_id: r.refundId, milestone_id: m.originalId, milestone: titleOf(m), amount: r.amount, reason: r.reason, status: r.status, created: r.requestedAt, paid_at: r.paidAt }))),
    };
  }

  /** Every event of the project with who, what and when, and what each edit changed. */
  @Get('job/:id/history')
  async history(@Param('id', ParseIdPipe) jobId: number, @CurrentUser() user: SessionUser) {
    await this.access.requireViewer(jobId, user);
    const { rows } = await this.pool.query<AuditRow>(
      `SELECT event_id, position, stream_id, original_id, type, actor_id, actor_role, occurred_at, data
         FROM audit_trail WHERE job_id = $1 ORDER BY commit_position, prepare_position`,
      [jobId],
    );
    const states = await this.milestones.ofJob(jobId);
    const byId = new Map<number, ActiveMilestone>(states.map((s) => [s.originalId, s]));
    const people = rows.flatMap((r) => [r.actor_id, r.data.customerId]).filter((id): id is number => typeof id === 'number');
    const companies = rows.flatMap((r) => [r.data.primaryCompanyId, r.data.companyId]).filter((id): id is number => typeof id === 'number');
    const names = await this.milestones.namesFor(states, people, companies);
    return rows.map((row) => ({
      event_id: row.event_id,
      position: row.position,
      at: row.occurred_at.toISOString(),
      type: row.type,
      milestone_id: row.original_id,
      actor_id: row.actor_id,
      actor_name: row.actor_id ? names.person(row.actor_id) : row.actor_role === 'system' ? 'Payment provider' : null,
      actor_role: row.actor_role,
      ...describe(row, byId, names),
      data: row.data,
    }));
  }

  private async checkParties(customerId: number, primaryCompanyId: number | null): Promise<void> {
    const customer = await this.users.byId(customerId);
    if (!customer) throw new BadRequestException('There is no buyer with that customer_id.');
    if (customer.role === 'admin') throw new BadRequestException('An administrator cannot be the buyer of a project.');
    if (primaryCompanyId !== null && !(await this.companies.byId(primaryCompanyId))) throw new BadRequestException('There is no seller company with that id.');
  }
}
