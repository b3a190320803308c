import type { CompanyTeam } from '@escrow/domain';
import { Controller, Get, Inject, Param } from '@nestjs/common';
import type { Pool } from 'pg';

import { Answers } from '../http/openapi';
import { ParseIdPipe } from '../http/parse-id.pipe';
import { Access, AdminRoles, EVERY_ADMIN_ROLE } from '../identity';
import { PG_POOL } from '../infrastructure/database/database.tokens';
import { companyTeam } from './team-view';

/** GET /api/admin/companies/{companyId}/team: support sees a company's members and pending invitations (and holds no role in it). */
@Controller('admin/companies')
@Access('admin')
@AdminRoles(...EVERY_ADMIN_ROLE)
export class AdminCompanyTeamController {
  constructor(@Inject(PG_POOL) private readonly pool: Pool) {}

  @Answers('CompanyTeam')
  @Get(':companyId/team')
  team(@Param('companyId', ParseIdPipe) companyId: number): Promise<CompanyTeam> {
    return companyTeam(this.pool, companyId, true);
  }
}
