import type { RetainageResolutionProposed, RetainageView } from '@escrow/domain';
import { Body, Controller, HttpCode, HttpStatus, Param, Post, Res } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import type { FastifyReply } from 'fastify';

import { IdempotencyKey, OwnWrites } from '../../command-side';
import { Answers } from '../../http/openapi';
import { ParseIdPipe } from '../../http/parse-id.pipe';
import { Access, AdminRoles, CurrentUser, FINANCE_ROLES, type SessionUser, StepUp } from '../../identity';
import { GetRetainage } from '../retainage.query';

const PROPOSED_MESSAGE = 'Proposed. A second administrator must approve this resolution before it takes effect.';
import { ResolveRetainageDispute } from './resolve-retainage-dispute.command';
import { ResolveRetainageDisputeRequest } from './resolve-retainage-dispute.request.dto';

@Controller('admin')
@Access('admin')
@AdminRoles(...FINANCE_ROLES)
@StepUp()
export class ResolveRetainageDisputeController {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly queryBus: QueryBus,
    private readonly ownWrites: OwnWrites,
  ) {}

  @Answers('RetainageView')
  @Answers('RetainageResolutionProposed', HttpStatus.ACCEPTED)
  @Post('job/:id/retainage/resolve')
  @StepUp()
  @HttpCode(200)
  async resolve(
    @Param('id', ParseIdPipe) projectId: number,
    @Body() body: ResolveRetainageDisputeRequest,
    @CurrentUser() user: SessionUser,
    @IdempotencyKey() key: string | null,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<RetainageView | RetainageResolutionProposed> {
    const { proposal } = await this.commandBus.execute(new ResolveRetainageDispute(user, projectId, body.resolution, body.note ?? '', key));
    await this.ownWrites.readable(); // the answer is read from the read models
    if (proposal) {
      // Four eyes: above FOUR_EYES_ABOVE nothing moves until a different administrator approves.
      void reply.status(202);
      return { message: PROPOSED_MESSAGE, proposal };
    }
    return this.queryBus.execute(new GetRetainage(user, projectId));
  }
}
