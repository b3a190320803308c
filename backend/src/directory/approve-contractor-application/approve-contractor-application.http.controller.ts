import type { ContractorApplicationApproval } from '@escrow/domain';
import { Controller, HttpCode, Param, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';

import { Answers } from '../../http/openapi';
import { ParseIdPipe } from '../../http/parse-id.pipe';
import { Access, AdminRoles, CurrentUser, OWNER_ROLES, type SessionUser } from '../../identity';
import { ApproveContractorApplication } from './approve-contractor-application.command';

@Controller()
export class ApproveContractorApplicationController {
  constructor(private readonly commandBus: CommandBus) {}

  @Post('admin/contractor-applications/:id/approve')
  @Access('admin')
  @AdminRoles(...OWNER_ROLES)
  @HttpCode(200)
  @Answers('ContractorApplicationApproval')
  approve(@Param('id', ParseIdPipe) id: number, @CurrentUser() admin: SessionUser): Promise<ContractorApplicationApproval> {
    return this.commandBus.execute(new ApproveContractorApplication(admin, id));
  }
}
