import type { WebhookEndpointWithSecretView } from '@escrow/domain';
import { Body, Controller, Headers, HttpCode, HttpStatus, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';

import { idempotencyKeyOf } from '../../command-side';
import { Answers } from '../../http/openapi';
import { Access, AdminRoles, CurrentUser, MemberMay,OPERATIONS_ROLES, RequireSecondFactor, type SessionUser, StepUp } from '../../identity';
import { RegisterEndpoint } from './register-endpoint.command';
import { RegisterEndpointRequest } from './register-endpoint.request.dto';

/** A company user (for the company's projects) or an admin (for every project) registers a receiver; the secret is shown once. */
@Controller('webhooks/endpoints')
@Access('user')
// Administrators by role (docs/administrators.md); company users are governed by @Access alone.
@AdminRoles(...OPERATIONS_ROLES)
@RequireSecondFactor()
export class RegisterEndpointController {
  constructor(private readonly commandBus: CommandBus) {}

  @MemberMay('webhooks.manage')
  @Post()
  @StepUp()
  @HttpCode(201)
  @Answers('WebhookEndpointWithSecretView', HttpStatus.CREATED)
  register(
    @Body() body: RegisterEndpointRequest,
    @CurrentUser() user: SessionUser,
    @Headers('idempotency-key') key?: string,
  ): Promise<WebhookEndpointWithSecretView> {
    return this.commandBus.execute(new RegisterEndpoint(user, body.url, body.kinds, body.description ?? null, idempotencyKeyOf(key)));
  }
}
