import type { ResetCodesRemoved } from '@escrow/domain';
import { Controller, Delete, HttpCode, Param } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';

import { Answers } from '../../http/openapi';
import { ParseIdPipe } from '../../http/parse-id.pipe';
import { Access, CurrentUser, MemberMay } from '../access.decorators';
import type { SessionUser } from '../session-user';
import { RemoveResetCodes } from './remove-reset-codes.command';

@Controller()
export class RemoveResetCodesController {
  constructor(private readonly commandBus: CommandBus) {}

  @Answers('ResetCodesRemoved')
  @MemberMay('own_account')
  @Delete('customer/code/:user_id')
  @Access('user')
  @HttpCode(200)
  remove(@Param('user_id', ParseIdPipe) userId: number, @CurrentUser() user: SessionUser): Promise<ResetCodesRemoved> {
    return this.commandBus.execute(new RemoveResetCodes(user, userId));
  }
}
