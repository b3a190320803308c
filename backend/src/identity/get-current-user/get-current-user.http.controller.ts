import { Controller, Get } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';

import { Answers } from '../../http/openapi';
import { CurrentUser, ReportsRenewedSession } from '../access.decorators';
import type { SessionUser } from '../session-user';
import { GetCurrentUser } from './get-current-user.query';

@Controller()
export class GetCurrentUserController {
  constructor(private readonly queryBus: QueryBus) {}

  @Answers({ oneOf: ['UserObject', 'NobodySignedIn'] })
  @Get('user')
  // The portal's session probe: `{}` while the page renews its cookie would log its user out.
  @ReportsRenewedSession()
  get(@CurrentUser() user: SessionUser | null) {
    return this.queryBus.execute(new GetCurrentUser(user));
  }
}
