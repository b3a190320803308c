import type { WebhookEndpointView } from '@escrow/domain';
import { Body, Controller, Delete, HttpCode, Param, Put } from '@nestjs/common';

import { Answers } from '../../http/openapi';
import { ParseIdPipe } from '../../http/parse-id.pipe';
import { Access, CurrentUser, RequireSecondFactor, type SessionUser, StepUp } from '../../identity';
import { WebhookEndpoints } from '../webhook-endpoints';
import { ChangeEndpointRequest } from './change-endpoint.request.dto';

/** Changing an endpoint's URL, kinds or description, pausing it, or deleting it (its pending deliveries are cancelled). */
@Controller('webhooks/endpoints/:id')
@Access('user')
@RequireSecondFactor()
export class ChangeEndpointController {
  constructor(private readonly endpoints: WebhookEndpoints) {}

  @Put()
  @StepUp()
  @Answers('WebhookEndpointView')
  change(@Param('id', ParseIdPipe) id: number, @Body() body: ChangeEndpointRequest, @CurrentUser() user: SessionUser): Promise<WebhookEndpointView> {
    return this.endpoints.update(id, user, body);
  }

  @Delete()
  @HttpCode(200)
  remove(@Param('id', ParseIdPipe) id: number, @CurrentUser() user: SessionUser): Promise<{ id: number; deleted: true }> {
    return this.endpoints.remove(id, user);
  }
}
