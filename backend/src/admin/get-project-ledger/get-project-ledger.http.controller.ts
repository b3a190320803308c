import type { LedgerPostingRow } from '@escrow/domain';
import { Controller, Get, Param, Query } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';

import { Answers } from '../../http/openapi';
import { ParseIdPipe } from '../../http/parse-id.pipe';
import { Access, AdminRoles, EVERY_ADMIN_ROLE } from '../../identity';
import { GetProjectLedger } from './get-project-ledger.query';
import { ProjectLedgerRequest } from './get-project-ledger.request.dto';

@Controller('admin')
@Access('admin')
@AdminRoles(...EVERY_ADMIN_ROLE)
export class GetProjectLedgerController {
  constructor(private readonly queryBus: QueryBus) {}

  @Get('job/:id/ledger')
  @Answers(['LedgerPostingRow'])
  get(@Param('id', ParseIdPipe) projectId: number, @Query() query: ProjectLedgerRequest): Promise<LedgerPostingRow[]> {
    return this.queryBus.execute(new GetProjectLedger(projectId, query.milestone === undefined ? null : Number(query.milestone)));
  }
}
