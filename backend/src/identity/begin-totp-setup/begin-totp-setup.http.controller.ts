import type { TotpSetup } from '@escrow/domain';
import { Controller, HttpCode, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';

import { Answers } from '../../http/openapi';
import { Access, CurrentUser, MemberMay } from '../access.decorators';
import type { SessionUser } from '../session-user';
import { BeginTotpSetup } from './begin-totp-setup.command';

@Controller('account')
@Access('user')
export class BeginTotpSetupController {
  constructor(private readonly commandBus: CommandBus) {}

  @Answers('TotpSetup')
  @MemberMay('own_account')
  @Post('totp/setup')
  @HttpCode(200)
  begin(@CurrentUser() user: SessionUser): Promise<TotpSetup> {
    return this.commandBus.execute(new BeginTotpSetup(user));
  }
}
