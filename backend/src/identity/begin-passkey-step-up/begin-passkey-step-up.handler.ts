import type { PasskeySignInChallenge } from '@escrow/domain';
import { forbidden } from '@escrow/domain';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';

import { Passkeys } from '../passkeys';
import { SECOND_FACTOR_REQUIRED } from '../step-up.decorators';
import { BeginPasskeyStepUp } from './begin-passkey-step-up.command';

@CommandHandler(BeginPasskeyStepUp)
export class BeginPasskeyStepUpHandler implements ICommandHandler<BeginPasskeyStepUp> {
  constructor(private readonly passkeys: Passkeys) {}

  async execute({ user }: BeginPasskeyStepUp): Promise<PasskeySignInChallenge> {
    if (!user.hasSecondFactor) throw forbidden('second_factor_required', SECOND_FACTOR_REQUIRED);
    return { options: await this.passkeys.authenticationOptions(user.userId) };
  }
}
