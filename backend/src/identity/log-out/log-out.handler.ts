import type { MessageAnswer } from '@escrow/domain';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';

import type { WithCookies } from '../caller';
import { SessionsService } from '../sessions.service';
import { LogOut } from './log-out.command';

@CommandHandler(LogOut)
export class LogOutHandler implements ICommandHandler<LogOut> {
  constructor(private readonly sessions: SessionsService) {}

  async execute({ sessionToken }: LogOut): Promise<WithCookies<MessageAnswer>> {
    await this.sessions.end(sessionToken);
    return { answer: { message: 'Logged out.' }, cookies: { session: null } };
  }
}
