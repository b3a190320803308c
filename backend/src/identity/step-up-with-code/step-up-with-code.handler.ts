import type { SteppedUp } from '@escrow/domain';
import { forbidden } from '@escrow/domain';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';

import { SecondFactors } from '../second-factors';
import { SecurityLog } from '../security-log';
import { SessionsService } from '../sessions.service';
import { SECOND_FACTOR_REQUIRED } from '../step-up.decorators';
import { StepUpWithCode } from './step-up-with-code.command';

@CommandHandler(StepUpWithCode)
export class StepUpWithCodeHandler implements ICommandHandler<StepUpWithCode> {
  constructor(
    private readonly factors: SecondFactors,
    private readonly sessions: SessionsService,
    private readonly log: SecurityLog,
  ) {}

  async execute({ user, code, caller }: StepUpWithCode): Promise<SteppedUp> {
    if (!user.hasSecondFactor) throw forbidden('second_factor_required', SECOND_FACTOR_REQUIRED);
    const method = await this.factors.check(user.userId, code, caller, 'step_up');
    // The step-up goes to a new session cookie only: a copy of the one that asked gains nothing.
    const renewed = await this.sessions.rotate(user, { secondFactor: true });
    await this.log.record({ userId: user.userId, kind: 'step_up', ...caller, detail: { method } });
    if (method === 'recovery') await this.log.record({ userId: user.userId, kind: 'recovery_code_used', ...caller });
    return { stepped_up_until: (renewed?.steppedUpUntil ?? new Date()).toISOString() };
  }
}
