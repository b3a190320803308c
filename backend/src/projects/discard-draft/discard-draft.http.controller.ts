import type { ProjectDraftDiscarded } from '@escrow/domain';
import { Controller, Delete, HttpCode, Param } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';

import { IdempotencyKey } from '../../command-side';
import { Answers } from '../../http/openapi';
import { ParseIdPipe } from '../../http/parse-id.pipe';
import { Access, CurrentUser, MemberMay,type SessionUser } from '../../identity';
import { DiscardDraft } from './discard-draft.command';

@Controller()
@Access('user')
export class DiscardDraftController {
  constructor(private readonly commandBus: CommandBus) {}

  @Answers('ProjectDraftDiscarded')
  @MemberMay('projects.edit')
  @Delete('job/:id')
  @HttpCode(200)
  async discard(
    @Param('id', ParseIdPipe) projectId: number,
    @CurrentUser() user: SessionUser,
    @IdempotencyKey() key: string | null,
  ): Promise<ProjectDraftDiscarded> {
    await this.commandBus.execute(new DiscardDraft(user, projectId, key));
    return { job_id: projectId, discarded: true };
  }
}
