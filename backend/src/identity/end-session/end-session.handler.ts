import { type MessageAnswer, notFound } from '@escrow/domain';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';

import { SecurityLog } from '../security-log';
import { SessionsService } from '../sessions.service';
import { EndSession } from './end-session.command';

@CommandHandler(EndSession)
export class EndSessionHandler implements ICommandHandler<EndSession> {
  constructor(
    private readonly sessions: SessionsService,
    private readonly log: SecurityLog,
  ) {}

  async execute({ user, sessionId, caller }: EndSession): Promise<MessageAnswer> {
    if (!(await this.sessions.revokeOne(user.userId, sessionId))) throw notFound('session_ended', 'That session has already ended.');
    await this.log.record({ userId: user.userId, kind: 'session_ended', ...caller, detail: { ended_session_id: sessionId } });
    return { message: 'The session was ended.' };
  }
}
