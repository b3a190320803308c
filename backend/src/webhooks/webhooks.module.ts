import { Module } from '@nestjs/common';

import { ProjectionsRuntimeModule } from '../projections-runtime/projections-runtime.module';
import { ChangeEndpointController } from './change-endpoint/change-endpoint.http.controller';
import { DeliveryLogController } from './delivery-log/delivery-log.http.controller';
import { ListEndpointsController } from './list-endpoints/list-endpoints.http.controller';
import { RegisterEndpointController } from './register-endpoint/register-endpoint.http.controller';
import { RotateSecretController } from './rotate-secret/rotate-secret.http.controller';
import { WebhookSecretBox } from './secret-box';
import { WebhookDeliverer } from './webhook-deliverer';
import { WebhookDeliveries } from './webhook-deliveries';
import { WebhookEndpoints } from './webhook-endpoints';

/** Signed webhooks for integrators (docs/webhooks.md): endpoints, the delivery log and the deliverer. */
@Module({
  imports: [ProjectionsRuntimeModule],
  providers: [WebhookSecretBox, WebhookEndpoints, WebhookDeliveries, WebhookDeliverer],
  controllers: [ListEndpointsController, RegisterEndpointController, ChangeEndpointController, RotateSecretController, DeliveryLogController],
  exports: [WebhookDeliverer],
})
export class WebhooksModule {}
