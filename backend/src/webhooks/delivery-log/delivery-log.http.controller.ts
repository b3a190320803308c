import type { WebhookDeliveryDetailView, WebhookDeliveryView } from '@escrow/domain';
import { Controller, Get, HttpCode, HttpStatus, Param, Post, Query } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';

import { Answers } from '../../http/openapi';
import { ParseIdPipe } from '../../http/parse-id.pipe';
import { Access, AdminRoles, CurrentUser, EVERY_ADMIN_ROLE, MemberMay,OPERATIONS_ROLES, RequireSecondFactor, type SessionUser } from '../../identity';
import { ResendDelivery } from './delivery-log.command';
import { GetDelivery, ListDeliveries } from './delivery-log.query';
import { DeliveryLogRequest } from './delivery-log.request.dto';

/** The delivery log of an endpoint (status, latency, next try), one delivery's attempts, and a manual re-send. */
@Controller('webhooks')
@Access('user')
// Administrators by role (docs/administrators.md); company users are governed by @Access alone.
@AdminRoles(...EVERY_ADMIN_ROLE)
@RequireSecondFactor()
export class DeliveryLogController {
  constructor(
    private readonly queryBus: QueryBus,
    private readonly commandBus: CommandBus,
  ) {}

  @MemberMay('webhooks.manage')
  @Get('endpoints/:id/deliveries')
  @Answers(['WebhookDeliveryView'])
  list(@Param('id', ParseIdPipe) id: number, @Query() query: DeliveryLogRequest, @CurrentUser() user: SessionUser): Promise<WebhookDeliveryView[]> {
    return this.queryBus.execute(new ListDeliveries(user, id, query.status ?? null));
  }

  @MemberMay('webhooks.manage')
  @Get('deliveries/:deliveryId')
  @Answers('WebhookDeliveryDetailView')
  detail(@Param('deliveryId') deliveryId: string, @CurrentUser() user: SessionUser): Promise<WebhookDeliveryDetailView> {
    return this.queryBus.execute(new GetDelivery(user, deliveryId));
  }

  @MemberMay('webhooks.manage')
  @Post('deliveries/:deliveryId/resend')
  @AdminRoles(...OPERATIONS_ROLES)
  @HttpCode(202)
  @Answers('WebhookDeliveryView', HttpStatus.ACCEPTED)
  resend(@Param('deliveryId') deliveryId: string, @CurrentUser() user: SessionUser): Promise<WebhookDeliveryView> {
    return this.commandBus.execute(new ResendDelivery(user, deliveryId));
  }
}
