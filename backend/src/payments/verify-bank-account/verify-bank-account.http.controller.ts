import type { AccountView } from '@escrow/domain';
import { Body, Controller, HttpCode, Param, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';

import { Answers } from '../../http/openapi';
import { ParseIdPipe } from '../../http/parse-id.pipe';
import { Access, CurrentUser, MemberMay,RequireVerifiedEmail, type SessionUser } from '../../identity';
import { type HttpOrigin, Origin } from '../request-origin';
import { VerifyBankAccountCommand } from './verify-bank-account.command';
import { VerifyBankAccountRequest } from './verify-bank-account.request.dto';

@Controller('bank-accounts')
@Access('user')
export class VerifyBankAccountController {
  constructor(private readonly commandBus: CommandBus) {}

  /** Not step-up: it only proves the account's owner can see its statement; linking it already needed one. */
  @Answers('AccountView')
  @MemberMay('bank_accounts.manage')
  @Post(':id/verify')
  @RequireVerifiedEmail()
  @HttpCode(200)
  async verify(
    @Param('id', ParseIdPipe) id: number,
    @Body() body: VerifyBankAccountRequest,
    @CurrentUser() user: SessionUser,
    @Origin() origin: HttpOrigin,
  ): Promise<AccountView> {
    return this.commandBus.execute(new VerifyBankAccountCommand(user, origin, id, body.amounts));
  }
}
