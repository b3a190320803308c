import type { MessageAnswer } from '@escrow/domain';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';

import { Passkeys } from '../passkeys';
import { SecondFactors } from '../second-factors';
import { SecurityLog } from '../security-log';
import { SessionsService } from '../sessions.service';
import { RemovePasskey } from './remove-passkey.command';

@CommandHandler(RemovePasskey)
export class RemovePasskeyHandler implements ICommandHandler<RemovePasskey> {
  constructor(
    private readonly passkeys: Passkeys,
    private readonly factors: SecondFactors,
    private readonly sessions: SessionsService,
    private readonly log: SecurityLog,
  ) {}

  async execute({ user, passkeyId, caller }: RemovePasskey): Promise<MessageAnswer> {
    const passkey = await this.passkeys.remove(user.userId, passkeyId);
    await this.factors.forgetRecoveryCodesIfNoFactor(user.userId);
    await this.sessions.refresh(user.userId);
    await this.sessions.rotate(user);
    await this.log.record({ userId: user.userId, kind: 'passkey_removed', ...caller, detail: { passkey_id: passkeyId, name: passkey.name } });
    return { message: `The passkey "${passkey.name}" was removed.` };
  }
}
