import type { WebhookEndpointDeleted, WebhookEndpointView } from '@escrow/domain';
import { Body, Controller, Delete, HttpCode, Param, Put } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';

import { Answers } from '../../http/openapi';
import { ParseIdPipe } from '../../http/parse-id.pipe';
import { Access, AdminRoles, CurrentUser, MemberMay,OPERATIONS_ROLES, RequireSecondFactor, type SessionUser, StepUp } from '../../identity';
import { ChangeEndpoint, DeleteEndpoint } from './change-endpoint.command';
import { ChangeEndpointRequest } from './change-endpoint.request.dto';

/** Changing an endpoint's URL, kinds or description, pausing it, or deleting it (its pending deliveries are cancelled). */
@Controller('webhooks/endpoints/:id')
@Access('user')
// Administrators by role (docs/administrators.md); company users are governed by @Access alone.
@AdminRoles(...OPERATIONS_ROLES)
@RequireSecondFactor()
export class ChangeEndpointController {
  constructor(private readonly commandBus: CommandBus) {}

  @MemberMay('webhooks.manage')
  @Put()
  @StepUp()
  @Answers('WebhookEndpointView')
  change(@Param('id', ParseIdPipe) id: number, @Body() body: ChangeEndpointRequest, @CurrentUser() user: SessionUser): Promise<WebhookEndpointView> {
    return this.commandBus.execute(new ChangeEndpoint(user, id, body));
  }

  @MemberMay('webhooks.manage')
  @Delete()
  @HttpCode(200)
  @Answers('WebhookEndpointDeleted')
  remove(@Param('id', ParseIdPipe) id: number, @CurrentUser() user: SessionUser): Promise<WebhookEndpointDeleted> {
    return this.commandBus.execute(new DeleteEndpoint(user, id));
  }
}
