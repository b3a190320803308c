import type { AccountSecurity } from '@escrow/domain';
import { type IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';

import { SecondFactors } from '../second-factors';
import type { SessionUser } from '../session-user';
import { SessionsService } from '../sessions.service';
import { UsersRepository } from '../users.repository';

/** GET /api/account/security: the user's second factors, this session's step-up and their email's state. */
export class GetAccountSecurity extends Query<AccountSecurity> {
  constructor(readonly user: SessionUser) {
    super();
  }
}

@QueryHandler(GetAccountSecurity)
export class GetAccountSecurityHandler implements IQueryHandler<GetAccountSecurity> {
  constructor(
    private readonly users: UsersRepository,
    private readonly factors: SecondFactors,
    private readonly sessions: SessionsService,
  ) {}

  async execute({ user }: GetAccountSecurity): Promise<AccountSecurity> {
    const [status, row, until] = await Promise.all([
      this.factors.status(user.userId),
      this.users.byId(user.userId),
      user.sessionId === null ? null : this.sessions.steppedUpUntil(user.sessionId),
    ]);
    return { ...status, stepped_up_until: until, email: row!.email, email_verified: row!.email_verified_at != null };
  }
}
