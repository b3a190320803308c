import { conflict, forbidden, notFound, type WebhookEndpointView, type WebhookEndpointWithSecretView, type WebhookKind } from '@escrow/domain';
import { Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import type { Pool, PoolClient } from 'pg';

import type { SessionUser } from '../identity';
import { PG_POOL } from '../infrastructure/database/database.tokens';
import { isSealed, WebhookSecretBox } from './secret-box';

export interface EndpointRow {
  endpoint_id: number;
  company_id: number | null;
  url: string;
  description: string | null;
  kinds: WebhookKind[];
  /** Sealed (WebhookSecretBox), as previous_secret; plain in rows written before secrets were sealed, until the next start. */
  secret: string;
  previous_secret: string | null;
  previous_secret_expires_at: Date | null;
  secret_rotated_at: Date | null;
  enabled: boolean;
  created_at: Date;
  deleted_at: Date | null;
}

/** Company users manage their company's endpoints; admins manage every endpoint and register the platform's own. */
export function requireWebhookManager(user: SessionUser): void {
  if (user.role !== 'admin' && user.companyId === null)
    throw forbidden('company_users_only', 'Only contractor company users and administrators manage webhooks.');
}

export function endpointView(row: EndpointRow): WebhookEndpointView {
  const overlap = row.previous_secret_expires_at && row.previous_secret_expires_at > new Date() ? row.previous_secret_expires_at.toISOString() : null;
  return {
    id: row.endpoint_id,
    url: row.url,
    description: row.description,
    kinds: row.kinds,
    company_id: row.company_id,
    enabled: row.enabled,
    created_at: row.created_at.toISOString(),
    secret_rotated_at: row.secret_rotated_at?.toISOString() ?? null,
    previous_secret_expires_at: overlap,
  };
}

export const withSecret = (row: EndpointRow, plainSecret: string): WebhookEndpointWithSecretView => ({ ...endpointView(row), secret: plainSecret });

/**
 * What the endpoint slices share. Webhook endpoints are configuration, not events. Each has a
 * secret the deliveries are signed with, sealed at rest (WebhookSecretBox), shown once at
 * registration and at each rotation; after a rotation the previous secret signs too until its
 * overlap ends, so receivers switch without missing a delivery.
 */
@Injectable()
export class WebhookEndpoints implements OnModuleInit {
  private readonly logger = new Logger('Webhooks');

  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    private readonly box: WebhookSecretBox,
  ) {}

  async onModuleInit(): Promise<void> {
    const sealed = await this.sealPlainSecrets();
    if (sealed > 0) this.logger.log(`sealed the plain webhook secrets of ${sealed} row(s) stored before secrets were sealed`);
  }

  /**
   * Seals the secrets still stored plain (rows written before secrets were sealed), in every
   * process at every start. The rows are locked (in one order), so processes starting together
   * take turns and the later ones find nothing left; each seals the plain text it read, so even a
   * second seal of one secret would only be another ciphertext of the same secret.
   */
  async sealPlainSecrets(): Promise<number> {
    const seal = (stored: string | null) => (stored === null || isSealed(stored) ? stored : this.box.seal(stored));
    return this.inTransaction(async (client) => {
      const { rows: endpoints } = await client.query<Pick<EndpointRow, 'endpoint_id' | 'secret' | 'previous_secret'>>(
        `SELECT endpoint_id, secret, previous_secret FROM webhook_endpoints
          WHERE secret NOT LIKE 'v1:%' OR previous_secret NOT LIKE 'v1:%' ORDER BY endpoint_id FOR UPDATE`,
      );
      if (endpoints.length > 0)
        await client.query(
          `UPDATE webhook_endpoints e SET secret = s.secret, previous_secret = s.previous_secret
             FROM unnest($1::int[], $2::text[], $3::text[]) AS s (endpoint_id, secret, previous_secret) WHERE e.endpoint_id = s.endpoint_id`,
          [endpoints.map((r) => r.endpoint_id), endpoints.map((r) => seal(r.secret)), endpoints.map((r) => seal(r.previous_secret))],
        );
      const { rows: rotations } = await client.query<{ actor_id: number; idempotency_key: string; secret: string }>(
        `SELECT actor_id, idempotency_key, secret FROM webhook_secret_rotations WHERE secret NOT LIKE 'v1:%' ORDER BY actor_id, idempotency_key FOR UPDATE`,
      );
      if (rotations.length > 0)
        await client.query(
          `UPDATE webhook_secret_rotations r SET secret = s.secret
             FROM unnest($1::int[], $2::text[], $3::text[]) AS s (actor_id, idempotency_key, secret)
            WHERE r.actor_id = s.actor_id AND r.idempotency_key = s.idempotency_key`,
          [rotations.map((r) => r.actor_id), rotations.map((r) => r.idempotency_key), rotations.map((r) => seal(r.secret))],
        );
      return endpoints.length + rotations.length;
    });
  }

  /** A stored secret to hand out again (a retried registration or rotation); a clear 409 when this installation's key cannot open it. */
  reopened(stored: string): string {
    const plain = this.box.openIfPossible(stored);
    if (plain === null)
      throw conflict(
        'secret_unreadable',
        "This endpoint's signing secret cannot be decrypted with this installation's WEBHOOK_SECRETS_KEY; rotate the secret.",
      );
    return plain;
  }

  /** The endpoint when the user may manage it; 404 for others' endpoints (their existence is private) and deleted ones. */
  async owned(id: number, user: SessionUser, client: Pick<Pool, 'query'> = this.pool, lock = false): Promise<EndpointRow> {
    requireWebhookManager(user);
    const { rows } = await client.query<EndpointRow>(
      `SELECT * FROM webhook_endpoints WHERE endpoint_id = $1 AND deleted_at IS NULL${lock ? ' FOR UPDATE' : ''}`,
      [id],
    );
    const row = rows[0];
    if (!row || (user.role !== 'admin' && row.company_id !== user.companyId)) throw notFound('no_such_webhook_endpoint', 'There is no such webhook endpoint.');
    return row;
  }

  /** The work in one transaction on one client, rolled back when it throws. */
  async inTransaction<T>(work: (client: PoolClient) => Promise<T>): Promise<T> {
    const client = await this.pool.connect();
    try {
      await client.query('BEGIN');
      const result = await work(client);
      await client.query('COMMIT');
      return result;
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  }
}
