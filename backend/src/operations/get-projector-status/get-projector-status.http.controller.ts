import type { ProjectorStatusView } from '@escrow/domain';
import { Controller, Get } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';

import { Answers } from '../../http/openapi';
import { Access, AdminRoles, EVERY_ADMIN_ROLE } from '../../identity';
import { GetProjectorStatus } from './get-projector-status.query';

/** The projection runner for operators: positions, lag, failures, rebuilds with live progress. */
@Controller('admin/projections')
@Access('admin')
@AdminRoles(...EVERY_ADMIN_ROLE)
export class GetProjectorStatusController {
  constructor(private readonly queryBus: QueryBus) {}

  @Get()
  @Answers(['ProjectorStatusView'])
  status(): Promise<ProjectorStatusView[]> {
    return this.queryBus.execute(new GetProjectorStatus());
  }
}
