import type { AccountSession } from '@escrow/domain';
import { type IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';

import type { SessionUser } from '../session-user';
import { SessionsService } from '../sessions.service';

/** GET /api/account/sessions: the user's live sessions, the newest first, this one marked. */
export class ListSessions extends Query<AccountSession[]> {
  constructor(readonly user: SessionUser) {
    super();
  }
}

@QueryHandler(ListSessions)
export class ListSessionsHandler implements IQueryHandler<ListSessions> {
  constructor(private readonly sessions: SessionsService) {}

  execute({ user }: ListSessions): Promise<AccountSession[]> {
    return this.sessions.list(user.userId, user.sessionId);
  }
}
