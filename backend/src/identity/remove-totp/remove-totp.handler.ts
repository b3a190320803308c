import { type MessageAnswer, notFound } from '@escrow/domain';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';

import { SecondFactors } from '../second-factors';
import { SecurityLog } from '../security-log';
import { SessionsService } from '../sessions.service';
import { RemoveTotp } from './remove-totp.command';

@CommandHandler(RemoveTotp)
export class RemoveTotpHandler implements ICommandHandler<RemoveTotp> {
  constructor(
    private readonly factors: SecondFactors,
    private readonly sessions: SessionsService,
    private readonly log: SecurityLog,
  ) {}

  async execute({ user, caller }: RemoveTotp): Promise<MessageAnswer> {
    if (!(await this.factors.removeTotp(user.userId))) throw notFound('no_totp', 'No authenticator app is set up.');
    await this.sessions.refresh(user.userId);
    await this.sessions.rotate(user);
    await this.log.record({ userId: user.userId, kind: 'totp_removed', ...caller });
    return { message: 'The authenticator app was removed.' };
  }
}
