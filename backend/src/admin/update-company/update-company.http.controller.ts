import type { AdminCompanyDetail } from '@escrow/domain';
import { Body, Controller, Param, Put } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';

import { Answers } from '../../http/openapi';
import { ParseIdPipe } from '../../http/parse-id.pipe';
import { Access, AdminRoles, OWNER_ROLES } from '../../identity';
import { UpdateCompany } from './update-company.command';
import { UpdateCompanyRequest } from './update-company.request.dto';

@Controller('admin')
@Access('admin')
@AdminRoles(...OWNER_ROLES)
export class UpdateCompanyController {
  constructor(private readonly commandBus: CommandBus) {}

  @Put('companies/:id')
  @Answers('AdminCompanyDetail')
  update(@Param('id', ParseIdPipe) id: number, @Body() body: UpdateCompanyRequest): Promise<AdminCompanyDetail> {
    return this.commandBus.execute(new UpdateCompany(id, body));
  }
}
