import type { PasskeyView } from '@escrow/domain';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';

import { Passkeys } from '../passkeys';
import { SecurityLog } from '../security-log';
import { RenamePasskey } from './rename-passkey.command';

@CommandHandler(RenamePasskey)
export class RenamePasskeyHandler implements ICommandHandler<RenamePasskey> {
  constructor(
    private readonly passkeys: Passkeys,
    private readonly log: SecurityLog,
  ) {}

  async execute({ user, passkeyId, name, caller }: RenamePasskey): Promise<PasskeyView> {
    const passkey = await this.passkeys.rename(user.userId, passkeyId, name);
    await this.log.record({ userId: user.userId, kind: 'passkey_renamed', ...caller, detail: { passkey_id: passkeyId, name: passkey.name } });
    return passkey;
  }
}
