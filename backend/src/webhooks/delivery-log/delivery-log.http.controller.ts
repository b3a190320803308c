import type { WebhookDeliveryDetailView, WebhookDeliveryStatus, WebhookDeliveryView } from '@escrow/domain';
import { BadRequestException, Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';

import { Answers } from '../../http/openapi';
import { ParseIdPipe } from '../../http/parse-id.pipe';
import { Access, CurrentUser, RequireSecondFactor, type SessionUser } from '../../identity';
import { STATUSES, WebhookDeliveries } from '../webhook-deliveries';

/** The delivery log of an endpoint (status, latency, next try), one delivery's attempts, and a manual re-send. */
@Controller('webhooks')
@Access('user')
@RequireSecondFactor()
export class DeliveryLogController {
  constructor(private readonly deliveries: WebhookDeliveries) {}

  @Get('endpoints/:id/deliveries')
  @Answers(['WebhookDeliveryView'])
  list(@Param('id', ParseIdPipe) id: number, @Query('status') status: unknown, @CurrentUser() user: SessionUser): Promise<WebhookDeliveryView[]> {
    if (status !== undefined && !(STATUSES as readonly unknown[]).includes(status)) throw new BadRequestException(`status is one of ${STATUSES.join(', ')}.`);
    return this.deliveries.list(id, user, (status as WebhookDeliveryStatus | undefined) ?? null);
  }

  @Get('deliveries/:deliveryId')
  @Answers('WebhookDeliveryDetailView')
  detail(@Param('deliveryId') deliveryId: string, @CurrentUser() user: SessionUser): Promise<WebhookDeliveryDetailView> {
    return this.deliveries.detail(deliveryId, user);
  }

  @Post('deliveries/:deliveryId/resend')
  @HttpCode(202)
  @Answers('WebhookDeliveryView')
  resend(@Param('deliveryId') deliveryId: string, @CurrentUser() user: SessionUser): Promise<WebhookDeliveryView> {
    return this.deliveries.resend(deliveryId, user);
  }
}
