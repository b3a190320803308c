import type { SignedContractRow } from '@escrow/domain';
import { Controller, Get, Param } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';

import { Answers } from '../../http/openapi';
import { ParseIdPipe } from '../../http/parse-id.pipe';
import { Access, AdminRoles, EVERY_ADMIN_ROLE } from '../../identity';
import { GetSignedContracts } from './get-signed-contracts.query';

@Controller('admin')
@Access('admin')
@AdminRoles(...EVERY_ADMIN_ROLE)
export class GetSignedContractsController {
  constructor(private readonly queryBus: QueryBus) {}

  @Get('job/:id/contracts')
  @Answers(['SignedContractRow'])
  get(@Param('id', ParseIdPipe) projectId: number): Promise<SignedContractRow[]> {
    return this.queryBus.execute(new GetSignedContracts(projectId));
  }
}
