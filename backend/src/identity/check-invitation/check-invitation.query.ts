import { type LinkOwner, notFound } from '@escrow/domain';
import { type IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';

import { LINK_INVALID, OneTimeCodes } from '../one-time-codes';
import { RateLimits } from '../rate-limits';
import { UsersRepository } from '../users.repository';

/** GET /api/auth/invite/{hash}: an invited buyer (/customer/new/{hash}) sees who the invitation is for. */
export class CheckInvitation extends Query<LinkOwner> {
  constructor(
    readonly hash: string,
    readonly ip: string,
  ) {
    super();
  }
}

@QueryHandler(CheckInvitation)
export class CheckInvitationHandler implements IQueryHandler<CheckInvitation> {
  constructor(
    private readonly users: UsersRepository,
    private readonly codes: OneTimeCodes,
    private readonly limits: RateLimits,
  ) {}

  async execute({ hash, ip }: CheckInvitation): Promise<LinkOwner> {
    await this.limits.codeChecked(ip);
    const userId = await this.codes.check(hash, 'invitation');
    const user = userId === null ? null : await this.users.byId(userId);
    // Spent once a password was chosen, whichever way (AcceptInvitationHandler).
    if (!user || user.password_hash !== null) throw notFound('link_invalid', LINK_INVALID);
    return { user_id: user.user_id, first_name: user.first_name, last_name: user.last_name, email: user.email };
  }
}
