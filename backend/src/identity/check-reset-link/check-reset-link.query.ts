import { type LinkOwner, notFound } from '@escrow/domain';
import { type IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';

import { LINK_INVALID, OneTimeCodes } from '../one-time-codes';
import { RateLimits } from '../rate-limits';
import { UsersRepository } from '../users.repository';

/** GET /api/auth/customer/{code}: checks a reset link (docs/product.md#password-reset), without using it up. */
export class CheckResetLink extends Query<LinkOwner> {
  constructor(
    readonly code: string,
    readonly ip: string,
  ) {
    super();
  }
}

/** The user when the code is valid, 404 'Link invalid.' otherwise; each check takes a point of the address's allowance. */
@QueryHandler(CheckResetLink)
export class CheckResetLinkHandler implements IQueryHandler<CheckResetLink> {
  constructor(
    private readonly users: UsersRepository,
    private readonly codes: OneTimeCodes,
    private readonly limits: RateLimits,
  ) {}

  async execute({ code, ip }: CheckResetLink): Promise<LinkOwner> {
    await this.limits.codeChecked(ip);
    const userId = await this.codes.check(code, 'password_reset');
    const user = userId === null ? null : await this.users.byId(userId);
    if (!user) throw notFound('link_invalid', LINK_INVALID);
    return { user_id: user.user_id, first_name: user.first_name, last_name: user.last_name, email: user.email };
  }
}
