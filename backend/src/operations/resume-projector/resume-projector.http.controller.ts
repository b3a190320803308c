import type { ProjectorResumed } from '@escrow/domain';
import { Controller, HttpCode, Param, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';

import { Answers } from '../../http/openapi';
import { Access, AdminRoles, OPERATIONS_ROLES } from '../../identity';
import { ResumeProjector } from './resume-projector.command';

@Controller('admin/projections')
@Access('admin')
@AdminRoles(...OPERATIONS_ROLES)
export class ResumeProjectorController {
  constructor(private readonly commandBus: CommandBus) {}

  @Post(':name/resume')
  @HttpCode(200)
  @Answers('ProjectorResumed')
  resume(@Param('name') name: string): Promise<ProjectorResumed> {
    return this.commandBus.execute(new ResumeProjector(name));
  }
}
