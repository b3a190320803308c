import { BadRequestException, Body, ConflictException, Controller, Get, Headers, HttpCode, Param, Post, Put } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { versionById, type MilestoneCommand, type PayeeInput } from '@escrow/domain';
import { Access, CurrentUser } from '../identity/access.decorators';
import type { SessionUser } from '../identity/session-user';
import { ParseIdPipe } from '../http/parse-id.pipe';
import { DirectoryService } from '../directory/directory.service';
import { metadataOf } from '../escrow/actor';
import { DecideMilestoneCommand } from '../escrow/decide-commands';
import { idempotencyKeyOf, IdsService } from '../escrow/ids.service';
import { ProjectAccess, projectFactsOf } from '../escrow/project-access.service';
import { BankAccounts } from '../payments/bank-accounts.service';
import { MilestoneReads } from './milestone-reads.service';
import { depositView, milestoneView, payeesView, versionView } from './milestone.view';
import { ApprovalRequest, CompleteRequest, DepositRequest, MilestoneRequest, StatementRequest } from './milestones.dto';

/** The milestone routes of spec §7, plus disputes and the deadline refund. */
@Controller()
@Access('user')
export class MilestonesController {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly access: ProjectAccess,
    private readonly reads: MilestoneReads,
    private readonly ids: IdsService,
    private readonly directory: DirectoryService,
    private readonly bankAccounts: BankAccounts,
  ) {}

  @Get('job/:id/milestones')
  async ofJob(@Param('id', ParseIdPipe) jobId: number, @CurrentUser() user: SessionUser) {
    const { viewer } = await this.access.requireViewer(jobId, user);
    const states = await this.reads.ofJob(jobId);
    const names = await this.reads.namesFor(states);
    return states.map((s) => milestoneView(s, viewer, user.userId, names));
  }

  /** Who can be paid from a milestone of this project: its seller company first, then the others. */
  @Get('milestones/form/job/:id')
  async form(@Param('id', ParseIdPipe) jobId: number, @CurrentUser() user: SessionUser) {
    const { job } = await this.access.requireViewer(jobId, user);
    const companies = await this.directory.allCompanies();
    const option = (c: { company_id: number; name: string }) => ({ jc_id: c.company_id, company_id: c.company_id, name: c.name });
    const primary = companies.find((c) => c.company_id === job.primary_company_id) ?? null;
    return {
      job_id: job.job_id,
      primary: primary ? option(primary) : null,
      subs: companies.filter((c) => c.company_id !== job.primary_company_id).map(option),
    };
  }

  @Get('milestone/:id/payees')
  async payees(@Param('id', ParseIdPipe) versionId: number, @CurrentUser() user: SessionUser) {
    const ref = await this.access.requireMilestoneViewer(versionId, user);
    const state = await this.reads.one(ref.originalId);
    const version = versionById(state, versionId)!;
    return payeesView(state, version, await this.reads.namesFor([state]));
  }

  /** Every version of the milestone, oldest first (the edit history). */
  @Get('milestone/:id/edits')
  async edits(@Param('id', ParseIdPipe) versionId: number, @CurrentUser() user: SessionUser) {
    const ref = await this.access.requireMilestoneViewer(versionId, user);
    const state = await this.reads.one(ref.originalId);
    const names = await this.reads.namesFor([state]);
    return state.versions.map((v) => versionView(state, v, names));
  }

  @Get('milestone/:id/deposits')
  async deposits(@Param('id', ParseIdPipe) versionId: number, @CurrentUser() user: SessionUser) {
    const ref = await this.access.requireMilestoneViewer(versionId, user);
    const state = await this.reads.one(ref.originalId);
    return state.deposits.map(depositView);
  }

  @Get('milestone/:id/disbursements')
  async disbursements(@Param('id', ParseIdPipe) versionId: number, @CurrentUser() user: SessionUser) {
    const ref = await this.access.requireMilestoneViewer(versionId, user);
    const state = await this.reads.one(ref.originalId);
    const names = await this.reads.namesFor([state]);
    return state.disbursements.map((d) => ({
      disbursement_id: d.disbursementId,
      mp_id: d.payeeId,
      company_id: d.companyId,
      name: names.company(d.companyId),
      amount: d.amount,
      fee: d.fee,
      status: d.status,
      cause: d.cause,
      created: d.requestedAt,
      paid_at: d.paidAt,
    }));
  }

  /** A new milestone, or (with original_id) a proposed edit of one. */
  @Post('milestone')
  @HttpCode(201)
  async propose(@Body() body: MilestoneRequest, @CurrentUser() user: SessionUser, @Headers('idempotency-key') keyHeader?: string) {
    const key = idempotencyKeyOf(keyHeader);
    const { job } = await this.access.requireViewer(body.job_id, user);
    if (job.primary_company_id === null) throw new BadRequestException('Choose the seller before adding milestones.');
    const payees: PayeeInput[] = body.payees.map((p) => ({ companyId: p.jc_id, type: p.type, amount: p.amount, percentage: p.percentage, includeFee: p.includeFee === true }));
    const known = await this.directory.companyNames(payees.map((p) => p.companyId));
    const unknown = payees.find((p) => !known.has(p.companyId));
    if (unknown) throw new BadRequestException(`There is no company ${unknown.companyId} to pay.`);
    const payeeIds = await this.ids.next('milestone_payee_id_seq', payees.length);
    const content = { title: body.title ?? '', definition: body.definition, position: body.position ?? 1, payees, amount: body.amount, payeeIds };
    const metadata = metadataOf(user);
    const project = projectFactsOf(job);

    if (body.original_id) {
      const ref = await this.access.milestone(body.original_id);
      if (ref.jobId !== job.job_id || ref.originalId !== body.original_id) throw new BadRequestException('original_id must be a milestone of this project.');
      const versionId = await this.ids.forCreation('milestone_version_id_seq', `milestone-edit:${user.userId}:${ref.originalId}`, key);
      // No base given: the decider builds the edit on the version the card shows (the dialog was filled from it).
      const command: MilestoneCommand = { type: 'ProposeMilestoneEdit', data: { ...content, versionId, basedOnVersionId: null }, metadata, project };
      const result = await this.commandBus.execute(new DecideMilestoneCommand(ref.originalId, job.job_id, metadata, () => command, key));
      const event = result.events[0] as { data: { versionId: number } };
      return { m_id: event.data.versionId, original_id: ref.originalId, job_id: job.job_id };
    }

    const originalId = await this.ids.forCreation('milestone_version_id_seq', `milestone:${user.userId}:${job.job_id}`, key);
    const command: MilestoneCommand = { type: 'ProposeMilestone', data: { ...content, originalId, jobId: job.job_id }, metadata, project };
    await this.commandBus.execute(new DecideMilestoneCommand(originalId, job.job_id, metadata, () => command, key));
    return { m_id: originalId, original_id: originalId, job_id: job.job_id };
  }

  @Post('milestone/approval')
  @HttpCode(200)
  async approval(@Body() body: ApprovalRequest, @CurrentUser() user: SessionUser, @Headers('idempotency-key') keyHeader?: string) {
    const key = idempotencyKeyOf(keyHeader);
    if (Boolean(body.approve) === Boolean(body.reject)) throw new BadRequestException('Send either approve: true or reject: true.');
    const ref = await this.access.requireMilestoneViewer(body.milestone_id, user);
    const metadata = metadataOf(user);
    const project = projectFactsOf(ref.job);
    const command: MilestoneCommand = body.approve
      ? { type: 'ApproveMilestoneVersion', data: { versionId: body.milestone_id }, metadata, project }
      : { type: 'RejectMilestoneVersion', data: { versionId: body.milestone_id, reason: body.reason ?? null }, metadata, project };
    await this.commandBus.execute(new DecideMilestoneCommand(ref.originalId, ref.jobId, metadata, () => command, key));
    return this.viewOf(ref.originalId, ref.viewer, user);
  }

  @Put('milestone/:id/complete')
  @HttpCode(200)
  async complete(@Param('id', ParseIdPipe) versionId: number, @Body() body: CompleteRequest, @CurrentUser() user: SessionUser, @Headers('idempotency-key') keyHeader?: string) {
    const key = idempotencyKeyOf(keyHeader);
    const ref = await this.access.requireMilestoneViewer(versionId, user);
    const metadata = metadataOf(user);
    const command: MilestoneCommand = { type: 'MarkMilestoneComplete', data: { complete: body.complete }, metadata, project: projectFactsOf(ref.job) };
    await this.commandBus.execute(new DecideMilestoneCommand(ref.originalId, ref.jobId, metadata, () => command, key));
    return this.viewOf(ref.originalId, ref.viewer, user);
  }

  /** The buyer's ACH deposit of the milestone's deposit total (pending until the provider settles it). */
  @Post('milestone/deposit')
  @HttpCode(201)
  async deposit(@Body() body: DepositRequest, @CurrentUser() user: SessionUser, @Headers('idempotency-key') keyHeader?: string) {
    const key = idempotencyKeyOf(keyHeader);
    const ref = await this.access.requireMilestoneViewer(body.milestone_id, user);
    const depositId = await this.ids.forCreation('deposit_id_seq', `deposit:${user.userId}:${ref.originalId}`, key);
    const account = await this.bankAccounts.depositAccountOf(user.userId, ref.jobId);
    const metadata = metadataOf(user);
    const command: MilestoneCommand = { type: 'RequestDeposit', data: { depositId, bankAccountLast4: account?.last4 ?? null }, metadata, project: projectFactsOf(ref.job) };
    await this.commandBus.execute(new DecideMilestoneCommand(ref.originalId, ref.jobId, metadata, () => command, key));
    // Answered from the milestone as it is now: a replay of this request shows the deposit's
    // current status (settled, returned …), not the "pending" of the first answer.
    const deposit = (await this.reads.one(ref.originalId)).deposits.find((d) => d.depositId === depositId);
    if (!deposit) throw new ConflictException('The deposit was recorded but is not visible yet; reload the page in a moment.');
    return { ...depositView(deposit), milestone_id: body.milestone_id };
  }

  @Post('milestone/:id/dispute')
  @HttpCode(201)
  async openDispute(@Param('id', ParseIdPipe) versionId: number, @Body() body: StatementRequest, @CurrentUser() user: SessionUser, @Headers('idempotency-key') keyHeader?: string) {
    const key = idempotencyKeyOf(keyHeader);
    const ref = await this.access.requireMilestoneViewer(versionId, user);
    const disputeId = await this.ids.forCreation('dispute_id_seq', `dispute:${user.userId}:${ref.originalId}`, key);
    const metadata = metadataOf(user);
    const command: MilestoneCommand = { type: 'OpenDispute', data: { disputeId, statement: body.statement }, metadata, project: projectFactsOf(ref.job) };
    await this.commandBus.execute(new DecideMilestoneCommand(ref.originalId, ref.jobId, metadata, () => command, key));
    return this.viewOf(ref.originalId, ref.viewer, user);
  }

  @Post('milestone/:id/dispute/respond')
  @HttpCode(200)
  async respond(@Param('id', ParseIdPipe) versionId: number, @Body() body: StatementRequest, @CurrentUser() user: SessionUser, @Headers('idempotency-key') keyHeader?: string) {
    const key = idempotencyKeyOf(keyHeader);
    const ref = await this.access.requireMilestoneViewer(versionId, user);
    const metadata = metadataOf(user);
    const command: MilestoneCommand = { type: 'RespondToDispute', data: { statement: body.statement }, metadata, project: projectFactsOf(ref.job) };
    await this.commandBus.execute(new DecideMilestoneCommand(ref.originalId, ref.jobId, metadata, () => command, key));
    return this.viewOf(ref.originalId, ref.viewer, user);
  }

  /** The promise of spec §1: the buyer is refunded when the seller did not complete in time. */
  @Post('milestone/:id/refund-claim')
  @HttpCode(200)
  async claimRefund(@Param('id', ParseIdPipe) versionId: number, @CurrentUser() user: SessionUser, @Headers('idempotency-key') keyHeader?: string) {
    const key = idempotencyKeyOf(keyHeader);
    const ref = await this.access.requireMilestoneViewer(versionId, user);
    const metadata = metadataOf(user);
    const command: MilestoneCommand = { type: 'ClaimDeadlineRefund', data: {}, metadata, project: projectFactsOf(ref.job) };
    await this.commandBus.execute(new DecideMilestoneCommand(ref.originalId, ref.jobId, metadata, () => command, key));
    return this.viewOf(ref.originalId, ref.viewer, user);
  }

  private async viewOf(originalId: number, viewer: 'customer' | 'company' | 'admin', user: SessionUser) {
    const state = await this.reads.one(originalId);
    return milestoneView(state, viewer, user.userId, await this.reads.namesFor([state]));
  }
}
