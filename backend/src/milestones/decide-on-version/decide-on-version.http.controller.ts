import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';

import { IdempotencyKey } from '../../command-side';
import { invalidParam } from '../../http/api-refusal';
import { Answers } from '../../http/openapi';
import { Access, CurrentUser, MemberMay, type SessionUser } from '../../identity';
import { ApprovalRequest } from '../milestone-requests.dto';
import { DecideOnVersion } from './decide-on-version.command';

@Controller()
@Access('user')
export class DecideOnVersionController {
  constructor(private readonly commandBus: CommandBus) {}

  @Answers('MilestoneView')
  @MemberMay('milestones.approve')
  @Post('milestone/approval')
  @HttpCode(200)
  async handle(@Body() body: ApprovalRequest, @CurrentUser() user: SessionUser, @IdempotencyKey() key: string | null) {
    if (Boolean(body.approve) === Boolean(body.reject)) throw invalidParam('approve', 'Send either approve: true or reject: true.');
    return this.commandBus.execute(new DecideOnVersion(user, body.milestone_id, body.approve ? 'approve' : 'reject', body.reason ?? null, key));
  }
}
