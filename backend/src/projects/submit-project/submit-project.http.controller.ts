import type { ProjectSubmitted } from '@escrow/domain';
import { Body, Controller, HttpCode, Param, Put } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';

import { IdempotencyKey } from '../../command-side';
import { invalidParam } from '../../http/api-refusal';
import { Answers } from '../../http/openapi';
import { ParseIdPipe } from '../../http/parse-id.pipe';
import { Access, CurrentUser, MemberMay, type SessionUser } from '../../identity';
import { DraftRequest } from '../project-requests.dto';
import { SubmitProject } from './submit-project.command';

@Controller()
@Access('user')
export class SubmitProjectController {
  constructor(private readonly commandBus: CommandBus) {}

  @Answers('ProjectSubmitted')
  @MemberMay('projects.edit')
  @Put('job/:id/draft')
  @HttpCode(200)
  async submit(
    @Param('id', ParseIdPipe) projectId: number,
    @Body() body: DraftRequest,
    @CurrentUser() user: SessionUser,
    @IdempotencyKey() key: string | null,
  ): Promise<ProjectSubmitted> {
    if (body.isDraft !== false) throw invalidParam('isDraft', 'A project can only leave the draft state: send isDraft: false.');
    if (body.job_id !== undefined && body.job_id !== projectId) throw invalidParam('job_id', 'job_id in the body must match the project in the path.');
    await this.commandBus.execute(new SubmitProject(user, projectId, key));
    return { job_id: projectId, is_draft: false };
  }
}
