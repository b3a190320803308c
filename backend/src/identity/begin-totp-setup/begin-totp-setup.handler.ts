import type { TotpSetup } from '@escrow/domain';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';

import { SecondFactors } from '../second-factors';
import { BeginTotpSetup } from './begin-totp-setup.command';

@CommandHandler(BeginTotpSetup)
export class BeginTotpSetupHandler implements ICommandHandler<BeginTotpSetup> {
  constructor(private readonly factors: SecondFactors) {}

  execute({ user }: BeginTotpSetup): Promise<TotpSetup> {
    return this.factors.beginTotp(user.userId, user.email);
  }
}
