import type { WebhookEndpointView } from '@escrow/domain';
import { Controller, Get } from '@nestjs/common';

import { Answers } from '../../http/openapi';
import { Access, CurrentUser, RequireSecondFactor, type SessionUser } from '../../identity';
import { WebhookEndpoints } from '../webhook-endpoints';

/** The caller's company's endpoints (an admin: every endpoint), without their secrets. */
@Controller('webhooks/endpoints')
@Access('user')
@RequireSecondFactor()
export class ListEndpointsController {
  constructor(private readonly endpoints: WebhookEndpoints) {}

  @Get()
  @Answers(['WebhookEndpointView'])
  list(@CurrentUser() user: SessionUser): Promise<WebhookEndpointView[]> {
    return this.endpoints.list(user);
  }
}
