import type { RawEventView } from '@escrow/domain';
import { Controller, Get, Param } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';

import { Answers } from '../../http/openapi';
import { ParseIdPipe } from '../../http/parse-id.pipe';
import { Access, AdminRoles, EVERY_ADMIN_ROLE } from '../../identity';
import { GetProjectEvents } from './get-project-events.query';

@Controller('admin')
@Access('admin')
@AdminRoles(...EVERY_ADMIN_ROLE)
export class GetProjectEventsController {
  constructor(private readonly queryBus: QueryBus) {}

  @Get('job/:id/events')
  @Answers(['RawEventView'])
  get(@Param('id', ParseIdPipe) projectId: number): Promise<RawEventView[]> {
    return this.queryBus.execute(new GetProjectEvents(projectId));
  }
}
