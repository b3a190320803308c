import { Module } from '@nestjs/common';

import { ProjectionsRuntimeModule } from '../projections-runtime/projections-runtime.module';
import { ChangeEndpointHandler, DeleteEndpointHandler } from './change-endpoint/change-endpoint.handler';
import { ChangeEndpointController } from './change-endpoint/change-endpoint.http.controller';
import { ResendDeliveryHandler } from './delivery-log/delivery-log.handler';
import { DeliveryLogController } from './delivery-log/delivery-log.http.controller';
import { GetDeliveryHandler, ListDeliveriesHandler } from './delivery-log/delivery-log.query';
import { ListEndpointsController } from './list-endpoints/list-endpoints.http.controller';
import { ListEndpointsHandler } from './list-endpoints/list-endpoints.query';
import { RegisterEndpointHandler } from './register-endpoint/register-endpoint.handler';
import { RegisterEndpointController } from './register-endpoint/register-endpoint.http.controller';
import { RotateSecretHandler } from './rotate-secret/rotate-secret.handler';
import { RotateSecretController } from './rotate-secret/rotate-secret.http.controller';
import { WebhookSecretBox } from './secret-box';
import { WebhookDeliverer } from './webhook-deliverer';
import { WebhookDeliveries } from './webhook-deliveries';
import { WebhookEndpoints } from './webhook-endpoints';

/** Signed webhooks for integrators (docs/webhooks.md): endpoints, the delivery log and the deliverer. */
@Module({
  imports: [ProjectionsRuntimeModule],
  providers: [
    WebhookSecretBox,
    WebhookEndpoints,
    WebhookDeliveries,
    WebhookDeliverer,
    ListEndpointsHandler,
    RegisterEndpointHandler,
    ChangeEndpointHandler,
    DeleteEndpointHandler,
    RotateSecretHandler,
    ListDeliveriesHandler,
    GetDeliveryHandler,
    ResendDeliveryHandler,
  ],
  controllers: [ListEndpointsController, RegisterEndpointController, ChangeEndpointController, RotateSecretController, DeliveryLogController],
  exports: [WebhookDeliverer],
})
export class WebhooksModule {}
