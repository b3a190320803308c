import type { WebhookEndpointView } from '@escrow/domain';
import { Controller, Get } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';

import { Answers } from '../../http/openapi';
import { Access, AdminRoles, CurrentUser, EVERY_ADMIN_ROLE, MemberMay,RequireSecondFactor, type SessionUser } from '../../identity';
import { ListEndpoints } from './list-endpoints.query';

/** The caller's company's endpoints (an admin: every endpoint), without their secrets. */
@Controller('webhooks/endpoints')
@Access('user')
// Administrators by role (docs/administrators.md); company users are governed by @Access alone.
@AdminRoles(...EVERY_ADMIN_ROLE)
@RequireSecondFactor()
export class ListEndpointsController {
  constructor(private readonly queryBus: QueryBus) {}

  @MemberMay('webhooks.manage')
  @Get()
  @Answers(['WebhookEndpointView'])
  list(@CurrentUser() user: SessionUser): Promise<WebhookEndpointView[]> {
    return this.queryBus.execute(new ListEndpoints(user));
  }
}
