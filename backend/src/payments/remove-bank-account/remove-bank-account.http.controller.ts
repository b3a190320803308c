import type { AccountView } from '@escrow/domain';
import { Controller, Delete, HttpCode, Param } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';

import { Answers } from '../../http/openapi';
import { ParseIdPipe } from '../../http/parse-id.pipe';
import { Access, CurrentUser, MemberMay,RequireVerifiedEmail, type SessionUser, StepUp } from '../../identity';
import { type HttpOrigin, Origin } from '../request-origin';
import { RemoveBankAccountCommand } from './remove-bank-account.command';

@Controller('bank-accounts')
@Access('user')
export class RemoveBankAccountController {
  constructor(private readonly commandBus: CommandBus) {}

  @Answers('AccountView')
  @MemberMay('bank_accounts.manage')
  @Delete(':id')
  @HttpCode(200)
  @StepUp()
  @RequireVerifiedEmail()
  async remove(@Param('id', ParseIdPipe) id: number, @CurrentUser() user: SessionUser, @Origin() origin: HttpOrigin): Promise<AccountView> {
    return this.commandBus.execute(new RemoveBankAccountCommand(user, origin, id));
  }
}
