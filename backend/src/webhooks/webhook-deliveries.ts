import type { WebhookDeliveryStatus, WebhookDeliveryView, WebhookKind } from '@escrow/domain';
import { DomainError, invalid, notFound } from '@escrow/domain';
import { Inject, Injectable } from '@nestjs/common';
import type { Pool } from 'pg';

import type { SessionUser } from '../identity';
import { PG_POOL } from '../infrastructure/database/database.tokens';
import { requireWebhookManager, WebhookEndpoints } from './webhook-endpoints';

export interface DeliveryRow {
  delivery_id: string;
  endpoint_id: number;
  event_id: string;
  kind: WebhookKind;
  payload: string;
  status: WebhookDeliveryStatus;
  attempts: number;
  sending_since: Date | null;
  last_status_code: number | null;
  last_latency_ms: number | null;
  last_error: string | null;
  next_attempt_at: Date | null;
  first_attempt_at: Date | null;
  delivered_at: Date | null;
  manual_resends: number;
  created_at: Date;
}

export const iso = (d: Date | null) => d?.toISOString() ?? null;

export const deliveryView = (r: DeliveryRow): WebhookDeliveryView => ({
  delivery_id: r.delivery_id,
  endpoint_id: r.endpoint_id,
  event_id: r.event_id,
  kind: r.kind,
  status: r.status,
  attempts: r.attempts,
  last_status_code: r.last_status_code,
  last_latency_ms: r.last_latency_ms,
  last_error: r.last_error,
  next_attempt_at: r.status === 'pending' && r.sending_since === null ? iso(r.next_attempt_at) : null,
  first_attempt_at: iso(r.first_attempt_at),
  delivered_at: iso(r.delivered_at),
  manual_resends: r.manual_resends,
  created_at: r.created_at.toISOString(),
});

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const STATUSES: readonly WebhookDeliveryStatus[] = ['pending', 'delivered', 'failed', 'cancelled'];

/** The deliveries of the delivery log: a delivery, and whether the user may see it. */
@Injectable()
export class WebhookDeliveries {
  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    private readonly endpoints: WebhookEndpoints,
  ) {}

  /** The delivery when the user may see its endpoint; 404 otherwise. */
  async owned(deliveryId: string, user: SessionUser): Promise<DeliveryRow> {
    requireWebhookManager(user);
    if (!UUID.test(deliveryId)) throw invalid('delivery_id_format', 'A delivery id is a UUID, like the Escrow-Delivery-Id header.');
    const { rows } = await this.pool.query<DeliveryRow>('SELECT * FROM webhook_deliveries WHERE delivery_id = $1', [deliveryId]);
    const row = rows[0];
    if (!row) throw notFound('no_such_delivery', 'There is no such delivery.');
    await this.endpoints.owned(row.endpoint_id, user).catch((error: unknown) => {
      throw error instanceof DomainError && error.kind === 'not_found' ? notFound('no_such_delivery', 'There is no such delivery.') : error;
    });
    return row;
  }
}
