import { type MessageAnswer, notFound } from '@escrow/domain';
import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';

import type { AppConfig } from '../../config/app-config';
import { APP_CONFIG } from '../../config/config.tokens';
import { MAIL_PORT, type MailPort } from '../../mail';
import { SecondFactors } from '../second-factors';
import { SecurityLog } from '../security-log';
import { SessionsService } from '../sessions.service';
import { UsersRepository } from '../users.repository';
import { ResetSecondFactors } from './reset-second-factors.command';

@CommandHandler(ResetSecondFactors)
export class ResetSecondFactorsHandler implements ICommandHandler<ResetSecondFactors> {
  constructor(
    private readonly users: UsersRepository,
    private readonly factors: SecondFactors,
    private readonly sessions: SessionsService,
    private readonly log: SecurityLog,
    @Inject(MAIL_PORT) private readonly mail: MailPort,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute({ admin, userId, caller }: ResetSecondFactors): Promise<MessageAnswer> {
    const user = await this.users.byId(userId);
    if (!user) throw notFound('no_such_user', 'There is no such user.');
    await this.factors.removeAll(userId);
    const ended = await this.sessions.revokeAll(userId);
    await this.log.record({ userId, actorId: admin.userId, kind: 'factors_reset_by_admin', ...caller, detail: { sessions_ended: ended } });
    await this.mail.send({
      to: user.email,
      subject: 'Your Escrow Ledger second factors were reset',
      text:
        `Hello ${user.first_name},\n\nAn administrator (${admin.displayName}) removed your authenticator app, passkeys and recovery codes, ` +
        `and ended your sessions, as you asked.\n\nLog in with your password and set up a second factor again at ${this.config.publicUrl}/portal/account/security\n\n` +
        `If you did not ask for this, contact us at once.`,
    });
    return { message: `The second factors of ${user.first_name} ${user.last_name} were removed and their sessions ended.` };
  }
}
