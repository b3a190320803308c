import { invalid, type RecoveryCodes } from '@escrow/domain';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';

import { FactorAlerts } from '../factor-alerts';
import { SecondFactors } from '../second-factors';
import { SecurityLog } from '../security-log';
import { SessionsService } from '../sessions.service';
import { RenewRecoveryCodes } from './renew-recovery-codes.command';

@CommandHandler(RenewRecoveryCodes)
export class RenewRecoveryCodesHandler implements ICommandHandler<RenewRecoveryCodes> {
  constructor(
    private readonly factors: SecondFactors,
    private readonly log: SecurityLog,
    private readonly sessions: SessionsService,
    private readonly alerts: FactorAlerts,
  ) {}

  async execute({ user, caller }: RenewRecoveryCodes): Promise<RecoveryCodes> {
    if (!(await this.factors.hasFactor(user.userId)))
      throw invalid('no_second_factor', 'Set up an authenticator app or a passkey first: recovery codes are a way back to them.');
    const codes = await this.factors.newRecoveryCodes(user.userId);
    await this.sessions.rotate(user);
    await this.log.record({ userId: user.userId, kind: 'recovery_codes_generated', ...caller });
    await this.alerts.announce(user, { kind: 'recovery_codes' }, caller);
    return { recovery_codes: codes };
  }
}
