import type { WebhookAttemptView, WebhookDeliveryDetailView, WebhookDeliveryStatus, WebhookDeliveryView, WebhookKind, WebhookPayload } from '@escrow/domain';
import { conflict, DomainError, invalid, notFound } from '@escrow/domain';
import { Inject, Injectable } from '@nestjs/common';
import type { Pool } from 'pg';

import type { SessionUser } from '../identity';
import { PG_POOL } from '../infrastructure/database/database.tokens';
import { requireWebhookManager, WebhookEndpoints } from './webhook-endpoints';

interface DeliveryRow {
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

const iso = (d: Date | null) => d?.toISOString() ?? null;

const view = (r: DeliveryRow): WebhookDeliveryView => ({
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

/** The delivery log: what was sent to an endpoint, each attempt's outcome, and a manual re-send. */
@Injectable()
export class WebhookDeliveries {
  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    private readonly endpoints: WebhookEndpoints,
  ) {}

  async list(endpointId: number, user: SessionUser, status: WebhookDeliveryStatus | null): Promise<WebhookDeliveryView[]> {
    await this.endpoints.owned(endpointId, user);
    const { rows } = await this.pool.query<DeliveryRow>(
      `SELECT * FROM webhook_deliveries WHERE endpoint_id = $1 AND ($2::text IS NULL OR status = $2) ORDER BY created_at DESC, delivery_id LIMIT 100`,
      [endpointId, status],
    );
    return rows.map(view);
  }

  /** The delivery when the user may see its endpoint; 404 otherwise. */
  private async owned(deliveryId: string, user: SessionUser): Promise<DeliveryRow> {
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

  async detail(deliveryId: string, user: SessionUser): Promise<WebhookDeliveryDetailView> {
    const row = await this.owned(deliveryId, user);
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
    return { ...view(row), attempts_log: attempts, payload: JSON.parse(row.payload) as WebhookPayload };
  }

  /**
   * Sends a delivery again, with the same id and body (the receiver may have lost it, or been
   * fixed after we gave up): due now, retried for another 24 h if it fails.
   */
  async resend(deliveryId: string, user: SessionUser): Promise<WebhookDeliveryView> {
    const row = await this.owned(deliveryId, user);
    if (row.status === 'cancelled') throw conflict('delivery_cancelled', 'This delivery was cancelled with its endpoint; it cannot be sent again.');
    const { rows } = await this.pool.query<DeliveryRow>(
      `UPDATE webhook_deliveries SET status = 'pending', next_attempt_at = now(), first_attempt_at = NULL, manual_resends = manual_resends + 1, resend_requested = true
        WHERE delivery_id = $1 AND sending_since IS NULL AND status <> 'cancelled' RETURNING *`,
      [deliveryId],
    );
    if (!rows[0]) throw conflict('delivery_in_flight', 'This delivery is being sent right now; look at its log in a moment.');
    return view(rows[0]);
  }
}
