import type { AdminDashboardView } from '@escrow/domain';
import { Controller, Get } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';

import { Answers } from '../../http/openapi';
import { Access, AdminRoles, EVERY_ADMIN_ROLE } from '../../identity';
import { GetAdminDashboard } from './get-dashboard.query';

@Controller('admin')
@Access('admin')
@AdminRoles(...EVERY_ADMIN_ROLE)
export class GetAdminDashboardController {
  constructor(private readonly queryBus: QueryBus) {}

  @Get('dashboard')
  @Answers('AdminDashboardView')
  dashboard(): Promise<AdminDashboardView> {
    return this.queryBus.execute(new GetAdminDashboard());
  }
}
