import type { WebhookEndpointWithSecretView } from '@escrow/domain';
import { Body, Controller, Headers, HttpCode, Inject, Param, Post } from '@nestjs/common';

import { idempotencyKeyOf } from '../../command-side';
import type { AppConfig } from '../../config/app-config';
import { APP_CONFIG } from '../../config/config.tokens';
import { Answers } from '../../http/openapi';
import { ParseIdPipe } from '../../http/parse-id.pipe';
import { Access, CurrentUser, RequireSecondFactor, type SessionUser, StepUp } from '../../identity';
import { WebhookEndpoints } from '../webhook-endpoints';
import { RotateSecretRequest } from './rotate-secret.request.dto';

/** A new secret, shown once; the previous one keeps signing too for the overlap, so receivers switch without downtime. */
@Controller('webhooks/endpoints/:id/rotate-secret')
@Access('user')
@RequireSecondFactor()
export class RotateSecretController {
  constructor(
    private readonly endpoints: WebhookEndpoints,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

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
    const overlapMs = body.overlap_hours === undefined ? this.config.webhooks.secretOverlapMs : body.overlap_hours * 3600_000;
    return this.endpoints.rotate(id, user, overlapMs, idempotencyKeyOf(key));
  }
}
