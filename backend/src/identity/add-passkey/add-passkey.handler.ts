import type { PasskeyAdded } from '@escrow/domain';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';

import { FactorAlerts } from '../factor-alerts';
import { Passkeys } from '../passkeys';
import { SecondFactors } from '../second-factors';
import { SecurityLog } from '../security-log';
import { SessionsService } from '../sessions.service';
import { AddPasskey } from './add-passkey.command';

@CommandHandler(AddPasskey)
export class AddPasskeyHandler implements ICommandHandler<AddPasskey> {
  constructor(
    private readonly passkeys: Passkeys,
    private readonly factors: SecondFactors,
    private readonly sessions: SessionsService,
    private readonly log: SecurityLog,
    private readonly alerts: FactorAlerts,
  ) {}

  async execute({ user, name, response, caller }: AddPasskey): Promise<PasskeyAdded> {
    const hadFactor = await this.factors.hasFactor(user.userId);
    const passkey = await this.passkeys.register(user.userId, name, response);
    await this.sessions.rotate(user, { secondFactor: true });
    await this.sessions.refresh(user.userId);
    await this.log.record({ userId: user.userId, kind: 'passkey_added', ...caller, detail: { passkey_id: passkey.passkey_id, name: passkey.name } });
    await this.alerts.announce(user, { kind: 'passkey', passkeyId: passkey.passkey_id, name: passkey.name }, caller);
    if (hadFactor) return passkey;
    const codes = await this.factors.newRecoveryCodes(user.userId);
    await this.log.record({ userId: user.userId, kind: 'recovery_codes_generated', ...caller });
    return { ...passkey, recovery_codes: codes };
  }
}
