export { WebhookDeliverer } from './webhook-deliverer';
export { WebhooksModule } from './webhooks.module';
export { webhooksSchema } from './webhooks.schema';
