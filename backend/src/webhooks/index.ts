export { WebhookDeliverer } from './webhook-deliverer';
export { CreateWebhooks1763800300200 } from './webhooks.migrations';
export { WebhooksModule } from './webhooks.module';
export { webhooksSchema } from './webhooks.schema';
