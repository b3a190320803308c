import type { PasskeySignInChallenge } from '@escrow/domain';
import { Controller, HttpCode, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';

import { Answers } from '../../http/openapi';
import { Access, CurrentUser, MemberMay } from '../access.decorators';
import type { SessionUser } from '../session-user';
import { BeginPasskeyStepUp } from './begin-passkey-step-up.command';

@Controller()
export class BeginPasskeyStepUpController {
  constructor(private readonly commandBus: CommandBus) {}

  @Answers('PasskeySignInChallenge')
  @MemberMay('own_account')
  @Post('auth/step-up/passkey/options')
  @Access('user')
  @HttpCode(200)
  begin(@CurrentUser() user: SessionUser): Promise<PasskeySignInChallenge> {
    return this.commandBus.execute(new BeginPasskeyStepUp(user));
  }
}
