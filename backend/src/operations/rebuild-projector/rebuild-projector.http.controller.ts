import type { ProjectorRebuildStarted } from '@escrow/domain';
import { Controller, HttpCode, HttpStatus, Param, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';

import { Answers } from '../../http/openapi';
import { Access, AdminRoles, OPERATIONS_ROLES } from '../../identity';
import { RebuildProjector } from './rebuild-projector.command';

/** Starts a projector's rebuild in this process and answers at once (202); the status shows its progress. */
@Controller('admin/projections')
@Access('admin')
@AdminRoles(...OPERATIONS_ROLES)
export class RebuildProjectorController {
  constructor(private readonly commandBus: CommandBus) {}

  @Post(':name/rebuild')
  @HttpCode(202)
  @Answers('ProjectorRebuildStarted', HttpStatus.ACCEPTED)
  rebuild(@Param('name') name: string): Promise<ProjectorRebuildStarted> {
    return this.commandBus.execute(new RebuildProjector(name));
  }
}
