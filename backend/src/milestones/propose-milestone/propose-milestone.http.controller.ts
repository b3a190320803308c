import { Body, Controller, HttpCode, HttpStatus, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';

import { IdempotencyKey } from '../../command-side';
import { Answers } from '../../http/openapi';
import { Access, CurrentUser, MemberMay,type SessionUser } from '../../identity';
import { MilestoneRequest } from '../milestone-requests.dto';
import { type ProposedContent, ProposeMilestone, ProposeMilestoneEdit } from './propose-milestone.command';

@Controller()
@Access('user')
export class ProposeMilestoneController {
  constructor(private readonly commandBus: CommandBus) {}

  /** A new milestone, or (with original_id) a proposed edit of one (POST /api/milestone in docs/product.md#api-calls). */
  @Answers('ProposedMilestoneIds', HttpStatus.CREATED)
  @MemberMay('milestones.propose')
  @Post('milestone')
  @HttpCode(201)
  propose(@Body() body: MilestoneRequest, @CurrentUser() user: SessionUser, @IdempotencyKey() key: string | null) {
    const content: ProposedContent = {
      title: body.title ?? '',
      definition: body.definition,
      position: body.position ?? 1,
      amount: body.amount,
      payees: body.payees.map((p) => ({ companyId: p.jc_id, type: p.type, amount: p.amount, percentage: p.percentage, includeFee: p.includeFee === true })),
    };
    return this.commandBus.execute(
      body.original_id ? new ProposeMilestoneEdit(user, body.job_id, body.original_id, content, key) : new ProposeMilestone(user, body.job_id, content, key),
    );
  }
}
