import type { DisputeResolutionProposed, MilestoneView } from '@escrow/domain';
import { Body, Controller, HttpCode, HttpStatus, Param, Post, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { FastifyReply } from 'fastify';

import { IdempotencyKey } from '../../command-side';
import { Answers } from '../../http/openapi';
import { ParseIdPipe } from '../../http/parse-id.pipe';
import { Access, AdminRoles, CurrentUser, FINANCE_ROLES, type SessionUser, StepUp } from '../../identity';
import { ResolveDispute } from './resolve-dispute.command';
import { ResolveDisputeRequest } from './resolve-dispute.request.dto';

const PROPOSED_MESSAGE = 'Proposed. A second administrator must approve this resolution before it takes effect.';

@Controller('admin')
@Access('admin')
@AdminRoles(...FINANCE_ROLES)
@StepUp()
export class ResolveDisputeController {
  constructor(private readonly commandBus: CommandBus) {}

  @Answers('MilestoneView')
  @Answers('DisputeResolutionProposed', HttpStatus.ACCEPTED)
  @Post('milestones/:id/dispute/resolve')
  @StepUp()
  @HttpCode(200)
  async resolve(
    @Param('id', ParseIdPipe) versionId: number,
    @Body() body: ResolveDisputeRequest,
    @CurrentUser() user: SessionUser,
    @IdempotencyKey() key: string | null,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<MilestoneView | DisputeResolutionProposed> {
    const refund = body.refund_amount === undefined || body.refund_amount === null ? null : String(body.refund_amount);
    const { view, proposed } = await this.commandBus.execute(new ResolveDispute(user, versionId, body.resolution, refund, body.note ?? '', key));
    if (!proposed) return view;
    // Four eyes: above FOUR_EYES_ABOVE nothing moves until a different administrator approves.
    void reply.status(202);
    return { message: PROPOSED_MESSAGE, proposal: view.dispute?.proposal ?? null };
  }
}
