import type { WebhookEndpointWithSecretView } from '@escrow/domain';
import { Body, Controller, Headers, HttpCode, HttpStatus, Post } from '@nestjs/common';

import { idempotencyKeyOf } from '../../command-side';
import { Answers } from '../../http/openapi';
import { Access, CurrentUser, RequireSecondFactor, type SessionUser, StepUp } from '../../identity';
import { WebhookEndpoints } from '../webhook-endpoints';
import { RegisterEndpointRequest } from './register-endpoint.request.dto';

/** A company user (for the company's projects) or an admin (for every project) registers a receiver; the secret is shown once. */
@Controller('webhooks/endpoints')
@Access('user')
@RequireSecondFactor()
export class RegisterEndpointController {
  constructor(private readonly endpoints: WebhookEndpoints) {}

  @Post()
  @StepUp()
  @HttpCode(201)
  @Answers('WebhookEndpointWithSecretView', HttpStatus.CREATED)
  register(
    @Body() body: RegisterEndpointRequest,
    @CurrentUser() user: SessionUser,
    @Headers('idempotency-key') key?: string,
  ): Promise<WebhookEndpointWithSecretView> {
    return this.endpoints.register(body, user, idempotencyKeyOf(key));
  }
}
