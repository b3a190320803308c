import type { SessionsEnded } from '@escrow/domain';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';

import { OneTimeCodes } from '../one-time-codes';
import { SecurityLog } from '../security-log';
import { SessionsService } from '../sessions.service';
import { EndOtherSessions } from './end-other-sessions.command';

@CommandHandler(EndOtherSessions)
export class EndOtherSessionsHandler implements ICommandHandler<EndOtherSessions> {
  constructor(
    private readonly sessions: SessionsService,
    private readonly log: SecurityLog,
    private readonly codes: OneTimeCodes,
  ) {}

  async execute({ user, caller }: EndOtherSessions): Promise<SessionsEnded> {
    const ended = await this.sessions.revokeOthers(user.userId, user.sessionId ?? 0);
    await this.codes.cancelEmailChange(user.userId);
    // A copy of this browser's own cookie is another session too: this one goes on under a new cookie.
    await this.sessions.rotate(user);
    await this.log.record({ userId: user.userId, kind: 'sessions_ended', ...caller, detail: { ended } });
    return { ended };
  }
}
