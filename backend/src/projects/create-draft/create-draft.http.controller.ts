import type { ProjectDraftCreated } from '@escrow/domain';
import { Body, Controller, HttpCode, HttpStatus, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';

import { IdempotencyKey } from '../../command-side';
import { Answers } from '../../http/openapi';
import { Access, CurrentUser, MemberMay,type SessionUser } from '../../identity';
import { JobStateRequest } from '../project-requests.dto';
import { CreateDraft } from './create-draft.command';

@Controller()
@Access('user')
export class CreateDraftController {
  constructor(private readonly commandBus: CommandBus) {}

  @Answers('ProjectDraftCreated', HttpStatus.CREATED)
  @MemberMay('projects.edit')
  @Post('job/basic')
  @HttpCode(201)
  create(@Body() body: JobStateRequest, @CurrentUser() user: SessionUser, @IdempotencyKey() key: string | null): Promise<ProjectDraftCreated> {
    return this.commandBus.execute(
      new CreateDraft(user, body.customer_id, body.service, body.customerInitiated, body.primary_company_id ?? null, body.job_id ?? null, key),
    );
  }
}
