import type { NobodySignedIn, UserSecurity } from '@escrow/domain';
import { type IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';

import { SecondFactors } from '../second-factors';
import type { SessionUser, UserObject } from '../session-user';
import { SessionsService } from '../sessions.service';
import { toUserObject, UsersRepository } from '../users.repository';

type CurrentUser = (UserObject & { security: UserSecurity }) | NobodySignedIn;

/**
 * GET /api/user: the current user, or {} when nobody is logged in (docs/product.md#access-checks: "user_id above 0"
 * fails), with what the portal needs to know about their second factors and this session's step-up.
 */
export class GetCurrentUser extends Query<CurrentUser> {
  constructor(readonly user: SessionUser | null) {
    super();
  }
}

@QueryHandler(GetCurrentUser)
export class GetCurrentUserHandler implements IQueryHandler<GetCurrentUser> {
  constructor(
    private readonly users: UsersRepository,
    private readonly factors: SecondFactors,
    private readonly sessions: SessionsService,
  ) {}

  async execute({ user }: GetCurrentUser): Promise<CurrentUser> {
    if (!user) return {};
    const row = await this.users.byId(user.userId);
    if (!row) return {};
    const [status, steppedUpUntil] = await Promise.all([
      this.factors.status(user.userId),
      user.sessionId === null ? null : this.sessions.steppedUpUntil(user.sessionId),
    ]);
    return {
      ...toUserObject(row),
      company_role: user.companyRole,
      signing_policy: user.companyId === null ? null : user.signingPolicy,
      security: {
        second_factor: status.totp.enrolled || status.passkeys.length > 0,
        totp: status.totp.enrolled,
        passkeys: status.passkeys.length,
        recovery_codes_left: status.recovery_codes_left,
        stepped_up_until: steppedUpUntil,
        email_verified: row.email_verified_at != null,
      },
    };
  }
}
