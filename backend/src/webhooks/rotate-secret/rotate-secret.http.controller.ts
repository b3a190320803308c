import type { WebhookEndpointWithSecretView } from '@escrow/domain';
import { Body, Controller, Headers, HttpCode, Param, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';

import { idempotencyKeyOf } from '../../command-side';
import { Answers } from '../../http/openapi';
import { ParseIdPipe } from '../../http/parse-id.pipe';
import { Access, AdminRoles, CurrentUser, MemberMay,OPERATIONS_ROLES, RequireSecondFactor, type SessionUser, StepUp } from '../../identity';
import { RotateSecret } from './rotate-secret.command';
import { RotateSecretRequest } from './rotate-secret.request.dto';

/** A new secret, shown once; the previous one keeps signing too for the overlap, so receivers switch without downtime. */
@Controller('webhooks/endpoints/:id/rotate-secret')
@Access('user')
// Administrators by role (docs/administrators.md); company users are governed by @Access alone.
@AdminRoles(...OPERATIONS_ROLES)
@RequireSecondFactor()
export class RotateSecretController {
  constructor(private readonly commandBus: CommandBus) {}

  @MemberMay('webhooks.manage')
  @Post()
  @StepUp()
  @HttpCode(200)
  @Answers('WebhookEndpointWithSecretView')
  rotate(
    @Param('id', ParseIdPipe) id: number,
    @Body() body: RotateSecretRequest,
    @CurrentUser() user: SessionUser,
    @Headers('idempotency-key') key?: string,
  ): Promise<WebhookEndpointWithSecretView> {
    return this.commandBus.execute(new RotateSecret(user, id, body.overlap_hours ?? null, idempotencyKeyOf(key)));
  }
}
