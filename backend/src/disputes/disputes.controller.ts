import { Body, Controller, Get, Headers, HttpCode, Inject, Param, Post, Query, BadRequestException } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Pool } from 'pg';
import { Access, CurrentUser } from '../identity/access.decorators';
import type { SessionUser } from '../identity/session-user';
import { ParseIdPipe } from '../http/parse-id.pipe';
import { PG_POOL } from '../infrastructure/database/database.tokens';
import { metadataOf } from '../escrow/actor';
import { DecideMilestoneCommand } from '../escrow/decide-commands';
import { idempotencyKeyOf } from '../escrow/ids.service';
import { ProjectAccess } from '../escrow/project-access.service';
import { MilestoneReads } from '../milestones/milestone-reads.service';
import { milestoneView } from '../milestones/milestone.view';
import { ResolveDisputeRequest } from '../milestones/milestones.dto';

/** The admin's side of disputes: both statements, and a resolution that moves the money. */
@Controller('admin')
@Access('admin')
export class DisputesController {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly access: ProjectAccess,
    private readonly reads: MilestoneReads,
    @Inject(PG_POOL) private readonly pool: Pool,
  ) {}

  @Get('disputes')
  async list(@Query('status') status: unknown) {
    if (status !== undefined && status !== 'open' && status !== 'resolved') throw new BadRequestException('status is open or resolved.');
    const { rows } = await this.pool.query<{ original_id: number }>(
      `SELECT DISTINCT original_id, max(opened_at) AS opened FROM milestone_disputes WHERE ($1::text IS NULL OR status = $1) GROUP BY original_id ORDER BY opened DESC`,
      [status ?? null],
    );
    const states = await Promise.all(rows.map((r) => this.reads.one(r.original_id)));
    const names = await this.reads.namesFor(states);
    return states.flatMap((state) =>
      state.disputes
        .filter((d) => status === undefined || d.status === status)
        .map((d) => ({
          dispute_id: d.disputeId,
          original_id: state.originalId,
          job_id: state.jobId,
          milestone_title: (state.versions.find((v) => v.versionId === state.currentVersionId) ?? state.versions.at(-1)!).title || 'Whole Project Milestone',
          buyer: names.person(state.customerId),
          seller: names.company(state.companyId),
          status: d.status,
          opened_by_party: d.openedByParty === 'customer' ? 'buyer' : 'seller',
          opened_by: names.person(d.openedBy),
          statement: d.statement,
          opened_at: d.openedAt,
          response: d.response ? { by: names.person(d.response.by), party: d.response.party === 'customer' ? 'buyer' : 'seller', statement: d.response.statement, at: d.response.at } : null,
          held: milestoneView(state, 'admin', 0, names).held,
          resolution: d.resolution,
        })),
    );
  }

  /**
   * Release, refund or split: the resolution is an event and its money moves through the ledger.
   * With an Idempotency-Key, a retry after a lost answer gets the resolution back instead of
   * "There is no open dispute".
   */
  @Post('milestones/:id/dispute/resolve')
  @HttpCode(200)
  async resolve(@Param('id', ParseIdPipe) versionId: number, @Body() body: ResolveDisputeRequest, @CurrentUser() user: SessionUser, @Headers('idempotency-key') keyHeader?: string) {
    const key = idempotencyKeyOf(keyHeader);
    const ref = await this.access.milestone(versionId);
    const metadata = metadataOf(user);
    await this.commandBus.execute(
      new DecideMilestoneCommand(ref.originalId, ref.jobId, metadata, () => ({
        type: 'ResolveDispute',
        data: { resolution: body.resolution, refundAmount: body.refund_amount === undefined || body.refund_amount === null ? null : String(body.refund_amount), note: body.note ?? '' },
        metadata,
      }), key),
    );
    const state = await this.reads.one(ref.originalId);
    return milestoneView(state, 'admin', user.userId, await this.reads.namesFor([state]));
  }
}
