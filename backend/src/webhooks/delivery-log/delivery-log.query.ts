import type { WebhookAttemptView, WebhookDeliveryDetailView, WebhookDeliveryStatus, WebhookDeliveryView, WebhookPayload } from '@escrow/domain';
import { Inject } from '@nestjs/common';
import { type IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import type { Pool } from 'pg';

import type { SessionUser } from '../../identity';
import { PG_POOL } from '../../infrastructure/database/database.tokens';
import { type DeliveryRow, deliveryView, iso, WebhookDeliveries } from '../webhook-deliveries';
import { WebhookEndpoints } from '../webhook-endpoints';

/** GET /api/webhooks/endpoints/{id}/deliveries: the newest 100 deliveries to an endpoint (status, latency, next try). */
export class ListDeliveries extends Query<WebhookDeliveryView[]> {
  constructor(
    readonly user: SessionUser,
    readonly endpointId: number,
    readonly status: WebhookDeliveryStatus | null,
  ) {
    super();
  }
}

@QueryHandler(ListDeliveries)
export class ListDeliveriesHandler implements IQueryHandler<ListDeliveries> {
  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    private readonly endpoints: WebhookEndpoints,
  ) {}

  async execute({ user, endpointId, status }: ListDeliveries): Promise<WebhookDeliveryView[]> {
    await this.endpoints.owned(endpointId, user);
    const { rows } = await this.pool.query<DeliveryRow>(
      `SELECT * FROM webhook_deliveries WHERE endpoint_id = $1 AND ($2::text IS NULL OR status = $2) ORDER BY created_at DESC, delivery_id LIMIT 100`,
      [endpointId, status],
    );
    return rows.map(deliveryView);
  }
}

/** GET /api/webhooks/deliveries/{deliveryId}: one delivery, its payload and every attempt. */
export class GetDelivery extends Query<WebhookDeliveryDetailView> {
  constructor(
    readonly user: SessionUser,
    readonly deliveryId: string,
  ) {
    super();
  }
}

@QueryHandler(GetDelivery)
export class GetDeliveryHandler implements IQueryHandler<GetDelivery> {
  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    private readonly deliveries: WebhookDeliveries,
  ) {}

  async execute({ user, deliveryId }: GetDelivery): Promise<WebhookDeliveryDetailView> {
    const row = await this.deliveries.owned(deliveryId, user);
    const { rows } = await this.pool.query<{
      attempt: number;
      started_at: Date;
      status_code: number | null;
      latency_ms: number | null;
      error: string | null;
      next_attempt_at: Date | null;
      manual: boolean;
    }>('SELECT * FROM webhook_attempts WHERE delivery_id = $1 ORDER BY attempt', [deliveryId]);
    const attempts: WebhookAttemptView[] = rows.map((a) => ({
      attempt: a.attempt,
      started_at: a.started_at.toISOString(),
      status_code: a.status_code,
      latency_ms: a.latency_ms,
      error: a.error,
      next_attempt_at: iso(a.next_attempt_at),
      manual: a.manual,
    }));
    return { ...deliveryView(row), attempts_log: attempts, payload: JSON.parse(row.payload) as WebhookPayload };
  }
}
