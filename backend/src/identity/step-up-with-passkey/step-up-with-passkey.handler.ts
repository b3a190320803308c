import type { SteppedUp } from '@escrow/domain';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';

import { Passkeys } from '../passkeys';
import { SecurityLog } from '../security-log';
import { SessionsService } from '../sessions.service';
import { StepUpWithPasskey } from './step-up-with-passkey.command';

@CommandHandler(StepUpWithPasskey)
export class StepUpWithPasskeyHandler implements ICommandHandler<StepUpWithPasskey> {
  constructor(
    private readonly passkeys: Passkeys,
    private readonly sessions: SessionsService,
    private readonly log: SecurityLog,
  ) {}

  async execute({ user, response, caller }: StepUpWithPasskey): Promise<SteppedUp> {
    try {
      await this.passkeys.authenticate(response, user.userId);
    } catch (error) {
      await this.log.record({ userId: user.userId, kind: 'second_factor_failed', ...caller, detail: { during: 'step_up', method: 'passkey' } });
      throw error;
    }
    // The step-up goes to a new session cookie only: a copy of the one that asked gains nothing.
    const renewed = await this.sessions.rotate(user, { secondFactor: true });
    await this.log.record({ userId: user.userId, kind: 'step_up', ...caller, detail: { method: 'passkey' } });
    return { stepped_up_until: (renewed?.steppedUpUntil ?? new Date()).toISOString() };
  }
}
