import { type MessageAnswer, notFound } from '@escrow/domain';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';

import { SecondFactors } from '../second-factors';
import { SecurityLog } from '../security-log';
import { SessionsService } from '../sessions.service';
import { RemoveRecoveryCodes } from './remove-recovery-codes.command';

@CommandHandler(RemoveRecoveryCodes)
export class RemoveRecoveryCodesHandler implements ICommandHandler<RemoveRecoveryCodes> {
  constructor(
    private readonly factors: SecondFactors,
    private readonly sessions: SessionsService,
    private readonly log: SecurityLog,
  ) {}

  async execute({ user, caller }: RemoveRecoveryCodes): Promise<MessageAnswer> {
    const removed = await this.factors.removeRecoveryCodes(user.userId);
    if (removed === 0) throw notFound('no_recovery_codes', 'You have no unused recovery codes.');
    await this.sessions.refresh(user.userId);
    await this.log.record({ userId: user.userId, kind: 'recovery_codes_removed', ...caller, detail: { removed } });
    return { message: 'Your recovery codes were removed. Make new ones when you are ready: they are your way back if you lose your second factors.' };
  }
}
