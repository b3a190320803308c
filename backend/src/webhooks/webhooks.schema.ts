import type { ContextSchema } from '../infrastructure/database/context-schema';
import { webhookEntities } from './infrastructure/webhook.entities';
import { CreateWebhooks1763800300200, WebhookDeliveryCorrelation1763800800000 } from './webhooks.migrations';

/** The tables this context owns (src/schema.ts gathers every context's). */
export const webhooksSchema: ContextSchema = {
  entities: webhookEntities,
  migrations: [CreateWebhooks1763800300200, WebhookDeliveryCorrelation1763800800000],
};
