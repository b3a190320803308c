export { CreateWebhooks1763800300200 } from './webhooks.migrations';
export { WebhooksModule } from './webhooks.module';
