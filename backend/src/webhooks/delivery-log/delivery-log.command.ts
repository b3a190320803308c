import type { WebhookDeliveryView } from '@escrow/domain';
import { Command } from '@nestjs/cqrs';

import type { SessionUser } from '../../identity';

/**
 * POST /api/webhooks/deliveries/{deliveryId}/resend: the delivery again, with the same id and body
 * (the receiver may have lost it, or been fixed after we gave up).
 */
export class ResendDelivery extends Command<WebhookDeliveryView> {
  constructor(
    readonly user: SessionUser,
    readonly deliveryId: string,
  ) {
    super();
  }
}
