import type { PasskeyRegistrationChallenge } from '@escrow/domain';
import { Controller, HttpCode, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';

import { Answers } from '../../http/openapi';
import { Access, CurrentUser, MemberMay } from '../access.decorators';
import type { SessionUser } from '../session-user';
import { BeginPasskeyRegistration } from './begin-passkey-registration.command';

@Controller()
export class BeginPasskeyRegistrationController {
  constructor(private readonly commandBus: CommandBus) {}

  @Answers('PasskeyRegistrationChallenge')
  @MemberMay('own_account')
  @Post('account/passkeys/options')
  @Access('user')
  @HttpCode(200)
  begin(@CurrentUser() user: SessionUser): Promise<PasskeyRegistrationChallenge> {
    return this.commandBus.execute(new BeginPasskeyRegistration(user));
  }
}
