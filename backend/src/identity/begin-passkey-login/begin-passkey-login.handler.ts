import type { PasskeySignInChallenge } from '@escrow/domain';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';

import { Passkeys } from '../passkeys';
import { PendingLogins } from '../pending-logins';
import { RateLimits } from '../rate-limits';
import { BeginPasskeyLogin } from './begin-passkey-login.command';

@CommandHandler(BeginPasskeyLogin)
export class BeginPasskeyLoginHandler implements ICommandHandler<BeginPasskeyLogin> {
  constructor(
    private readonly passkeys: Passkeys,
    private readonly pending: PendingLogins,
    private readonly limits: RateLimits,
  ) {}

  async execute({ ip, pendingLogin }: BeginPasskeyLogin): Promise<PasskeySignInChallenge> {
    await this.limits.codeChecked(ip);
    const pending = await this.pending.read(pendingLogin);
    return { options: await this.passkeys.authenticationOptions(pending?.userId ?? null) };
  }
}
