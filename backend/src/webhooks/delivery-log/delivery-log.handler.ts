import { conflict, type WebhookDeliveryView } from '@escrow/domain';
import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { Pool } from 'pg';

import { PG_POOL } from '../../infrastructure/database/database.tokens';
import { type DeliveryRow, deliveryView, WebhookDeliveries } from '../webhook-deliveries';
import { ResendDelivery } from './delivery-log.command';

/** Due now, and retried for another 24 h if it fails. */
@CommandHandler(ResendDelivery)
export class ResendDeliveryHandler implements ICommandHandler<ResendDelivery> {
  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    private readonly deliveries: WebhookDeliveries,
  ) {}

  async execute({ user, deliveryId }: ResendDelivery): Promise<WebhookDeliveryView> {
    const row = await this.deliveries.owned(deliveryId, user);
    if (row.status === 'cancelled') throw conflict('delivery_cancelled', 'This delivery was cancelled with its endpoint; it cannot be sent again.');
    const { rows } = await this.pool.query<DeliveryRow>(
      `UPDATE webhook_deliveries SET status = 'pending', next_attempt_at = now(), first_attempt_at = NULL, manual_resends = manual_resends + 1, resend_requested = true
        WHERE delivery_id = $1 AND sending_since IS NULL AND status <> 'cancelled' RETURNING *`,
      [deliveryId],
    );
    if (!rows[0]) throw conflict('delivery_in_flight', 'This delivery is being sent right now; look at its log in a moment.');
    return deliveryView(rows[0]);
  }
}
