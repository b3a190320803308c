import type { PasskeyRegistrationChallenge } from '@escrow/domain';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';

import { Passkeys } from '../passkeys';
import { BeginPasskeyRegistration } from './begin-passkey-registration.command';

@CommandHandler(BeginPasskeyRegistration)
export class BeginPasskeyRegistrationHandler implements ICommandHandler<BeginPasskeyRegistration> {
  constructor(private readonly passkeys: Passkeys) {}

  async execute({ user }: BeginPasskeyRegistration): Promise<PasskeyRegistrationChallenge> {
    return { options: await this.passkeys.registrationOptions(user) };
  }
}
