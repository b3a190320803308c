import type { ContractorApplicationRejection } from '@escrow/domain';
import { Body, Controller, HttpCode, Param, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';

import { Answers } from '../../http/openapi';
import { ParseIdPipe } from '../../http/parse-id.pipe';
import { Access, AdminRoles, CurrentUser, OWNER_ROLES, type SessionUser } from '../../identity';
import { RejectContractorApplication } from './reject-contractor-application.command';
import { RejectApplicationRequest } from './reject-contractor-application.request.dto';

@Controller()
export class RejectContractorApplicationController {
  constructor(private readonly commandBus: CommandBus) {}

  @Post('admin/contractor-applications/:id/reject')
  @Access('admin')
  @AdminRoles(...OWNER_ROLES)
  @HttpCode(200)
  @Answers('ContractorApplicationRejection')
  reject(
    @Param('id', ParseIdPipe) id: number,
    @Body() body: RejectApplicationRequest,
    @CurrentUser() admin: SessionUser,
  ): Promise<ContractorApplicationRejection> {
    return this.commandBus.execute(new RejectContractorApplication(admin, id, body.reason ?? null));
  }
}
