import {
  conflict,
  type EventStore,
  forbidden,
  invalid,
  isWebhookKind,
  notFound,
  type WebhookEndpointDeleted,
  type WebhookEndpointView,
  type WebhookEndpointWithSecretView,
  type WebhookKind,
} from '@escrow/domain';
import { Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import type { Pool, PoolClient } from 'pg';

import type { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.tokens';
import { EVENT_STORE } from '../event-store/event-store.tokens';
import type { SessionUser } from '../identity';
import { PG_POOL } from '../infrastructure/database/database.tokens';
import { checkEndpointUrl, EndpointUrlError } from './endpoint-url';
import { isSealed, WebhookSecretBox } from './secret-box';
import { newWebhookSecret } from './signatures';

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

const MAX_ENDPOINTS_PER_OWNER = 20;

/** Company users manage their company's endpoints; admins manage every endpoint and register the platform's own. */
export function requireWebhookManager(user: SessionUser): void {
  if (user.role !== 'admin' && user.companyId === null)
    throw forbidden('company_users_only', 'Only contractor company users and administrators manage webhooks.');
}

function endpointView(row: EndpointRow): WebhookEndpointView {
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

const withSecret = (row: EndpointRow, plainSecret: string): WebhookEndpointWithSecretView => ({ ...endpointView(row), secret: plainSecret });

export interface EndpointInput {
  url: string;
  kinds: string[];
  description?: string | null | undefined;
}

/**
 * Webhook endpoints (configuration, not events). Each has a secret the deliveries are signed
 * with, shown once at registration and at each rotation; after a rotation the previous secret
 * signs too until its overlap ends, so receivers switch without missing a delivery.
 */
@Injectable()
export class WebhookEndpoints implements OnModuleInit {
  private readonly logger = new Logger('Webhooks');

  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
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
  private reopened(stored: string): string {
    const plain = this.box.openIfPossible(stored);
    if (plain === null)
      throw conflict(
        'secret_unreadable',
        "This endpoint's signing secret cannot be decrypted with this installation's WEBHOOK_SECRETS_KEY; rotate the secret.",
      );
    return plain;
  }

  private url(text: string): string {
    try {
      return checkEndpointUrl(text.trim(), this.config.webhooks.allowHttpLoopback);
    } catch (error) {
      if (error instanceof EndpointUrlError) throw invalid('endpoint_url', error.message);
      throw error;
    }
  }

  private kinds(kinds: string[]): WebhookKind[] {
    const unknown = kinds.filter((k) => !isWebhookKind(k));
    if (unknown.length) throw invalid('unknown_event_kind', `Unknown event kind ${JSON.stringify(unknown[0])}; see docs/webhooks.md for the kinds.`);
    // The request DTOs refuse a kind listed twice (kinds.validation.ts).
    return [...(kinds as WebhookKind[])].sort();
  }

  async list(user: SessionUser): Promise<WebhookEndpointView[]> {
    requireWebhookManager(user);
    const { rows } = await this.pool.query<EndpointRow>(
      `SELECT * FROM webhook_endpoints WHERE deleted_at IS NULL AND ($1::boolean OR company_id = $2) ORDER BY endpoint_id`,
      [user.role === 'admin', user.companyId],
    );
    return rows.map(endpointView);
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

  /**
   * Registers an endpoint for the user's company (an admin's hears every project). It hears of
   * events after the newest one there is now. The same Idempotency-Key again answers the first
   * registration, secret included (the request-fingerprint check has made sure it is the same request).
   */
  async register(input: EndpointInput, user: SessionUser, idempotencyKey: string | null): Promise<WebhookEndpointWithSecretView> {
    requireWebhookManager(user);
    const url = this.url(input.url);
    const kinds = this.kinds(input.kinds);
    const companyId = user.role === 'admin' ? null : user.companyId;
    const head = (await this.store.headPosition())?.position ?? null;
    return this.inTransaction(async (client) => {
      // One owner's registrations take turns: two at once can neither pass the limit together nor both use one key.
      await client.query(`SELECT pg_advisory_xact_lock(hashtextextended('webhook-endpoints:' || coalesce($1::text, 'admins'), 0))`, [companyId]);
      if (idempotencyKey) {
        const earlier = await client.query<EndpointRow>('SELECT * FROM webhook_endpoints WHERE created_by = $1 AND idempotency_key = $2', [
          user.userId,
          idempotencyKey,
        ]);
        if (earlier.rows[0]) return withSecret(earlier.rows[0], this.reopened(earlier.rows[0].secret));
      }
      const { rows: count } = await client.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM webhook_endpoints WHERE deleted_at IS NULL AND company_id IS NOT DISTINCT FROM $1',
        [companyId],
      );
      if (count[0]!.n >= MAX_ENDPOINTS_PER_OWNER)
        throw invalid('too_many_endpoints', `At most ${MAX_ENDPOINTS_PER_OWNER} webhook endpoints each; delete one you no longer use.`);
      const secret = newWebhookSecret();
      const { rows } = await client.query<EndpointRow>(
        `INSERT INTO webhook_endpoints (company_id, url, description, kinds, secret, commit_after, prepare_after, created_by, idempotency_key)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING *`,
        [
          companyId,
          url,
          input.description?.trim() || null,
          kinds,
          this.box.seal(secret),
          head?.commit.toString() ?? null,
          head?.prepare.toString() ?? null,
          user.userId,
          idempotencyKey,
        ],
      );
      return withSecret(rows[0]!, secret);
    });
  }

  async update(id: number, user: SessionUser, changes: Partial<EndpointInput> & { enabled?: boolean | undefined }): Promise<WebhookEndpointView> {
    const current = await this.owned(id, user);
    const url = changes.url !== undefined ? this.url(changes.url) : current.url;
    const kinds = changes.kinds !== undefined ? this.kinds(changes.kinds) : current.kinds;
    const description = changes.description !== undefined ? changes.description?.trim() || null : current.description;
    const enabled = changes.enabled ?? current.enabled;
    const { rows } = await this.pool.query<EndpointRow>(
      `UPDATE webhook_endpoints SET url = $2, kinds = $3, description = $4, enabled = $5, updated_at = now()
        WHERE endpoint_id = $1 AND deleted_at IS NULL RETURNING *`,
      [id, url, kinds, description, enabled],
    );
    if (!rows[0]) throw notFound('no_such_webhook_endpoint', 'There is no such webhook endpoint.');
    return endpointView(rows[0]);
  }

  /** Deletes an endpoint; its deliveries not yet made are cancelled (the log keeps them). */
  async remove(id: number, user: SessionUser): Promise<WebhookEndpointDeleted> {
    await this.owned(id, user);
    await this.inTransaction(async (client) => {
      await client.query('UPDATE webhook_endpoints SET deleted_at = now(), enabled = false WHERE endpoint_id = $1 AND deleted_at IS NULL', [id]);
      await client.query(
        `UPDATE webhook_deliveries SET status = 'cancelled', next_attempt_at = NULL, last_error = coalesce(last_error, 'endpoint deleted')
          WHERE endpoint_id = $1 AND status = 'pending' AND sending_since IS NULL`,
        [id],
      );
    });
    return { id, deleted: true };
  }

  /**
   * A new secret, shown once; the current one keeps signing (a second v1 signature) for
   * `overlapMs`, so the receiver can switch to the new one without a failed delivery.
   */
  async rotate(id: number, user: SessionUser, overlapMs: number, idempotencyKey: string | null): Promise<WebhookEndpointWithSecretView> {
    return this.inTransaction(async (client) => {
      const current = await this.owned(id, user, client, true);
      if (idempotencyKey) {
        const earlier = await client.query<{ endpoint_id: number; secret: string }>(
          'SELECT endpoint_id, secret FROM webhook_secret_rotations WHERE actor_id = $1 AND idempotency_key = $2',
          [user.userId, idempotencyKey],
        );
        if (earlier.rows[0]) return withSecret(current, this.reopened(earlier.rows[0].secret));
      }
      const secret = newWebhookSecret();
      const sealed = this.box.seal(secret);
      // The current secret becomes the previous one as it is stored, sealed: it is never opened here.
      const { rows } = await client.query<EndpointRow>(
        `UPDATE webhook_endpoints SET previous_secret = secret, secret = $2, previous_secret_expires_at = now() + make_interval(secs => $3::double precision / 1000),
                secret_rotated_at = now(), updated_at = now()
          WHERE endpoint_id = $1 RETURNING *`,
        [id, sealed, overlapMs],
      );
      if (idempotencyKey)
        await client.query('INSERT INTO webhook_secret_rotations (actor_id, idempotency_key, endpoint_id, secret) VALUES ($1, $2, $3, $4)', [
          user.userId,
          idempotencyKey,
          id,
          sealed,
        ]);
      return withSecret(rows[0]!, secret);
    });
  }

  private async inTransaction<T>(work: (client: PoolClient) => Promise<T>): Promise<T> {
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
