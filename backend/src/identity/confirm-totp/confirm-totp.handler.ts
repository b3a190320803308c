import type { TotpConfirmed } from '@escrow/domain';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';

import { FactorAlerts } from '../factor-alerts';
import { SecondFactors } from '../second-factors';
import { SecurityLog } from '../security-log';
import { SessionsService } from '../sessions.service';
import { ConfirmTotp } from './confirm-totp.command';

@CommandHandler(ConfirmTotp)
export class ConfirmTotpHandler implements ICommandHandler<ConfirmTotp> {
  constructor(
    private readonly factors: SecondFactors,
    private readonly sessions: SessionsService,
    private readonly log: SecurityLog,
    private readonly alerts: FactorAlerts,
  ) {}

  async execute({ user, code, caller }: ConfirmTotp): Promise<TotpConfirmed> {
    const answer = await this.factors.confirmTotp(user.userId, code);
    // The code just checked is a second factor: this session is stepped up, under a new cookie.
    await this.sessions.rotate(user, { secondFactor: true });
    await this.sessions.refresh(user.userId);
    await this.log.record({ userId: user.userId, kind: 'totp_enrolled', ...caller });
    await this.alerts.announce(user, { kind: 'totp' }, caller);
    if (answer.recovery_codes) await this.log.record({ userId: user.userId, kind: 'recovery_codes_generated', ...caller });
    return answer;
  }
}
