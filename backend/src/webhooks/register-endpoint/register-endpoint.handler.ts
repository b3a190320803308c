import { type EventStore, invalid, type WebhookEndpointWithSecretView } from '@escrow/domain';
import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';

import type { AppConfig } from '../../config/app-config';
import { APP_CONFIG } from '../../config/config.tokens';
import { EVENT_STORE } from '../../event-store/event-store.tokens';
import { endpointKinds, endpointUrl } from '../endpoint-input';
import { WebhookSecretBox } from '../secret-box';
import { newWebhookSecret } from '../signatures';
import { type EndpointRow, requireWebhookManager, WebhookEndpoints, withSecret } from '../webhook-endpoints';
import { RegisterEndpoint } from './register-endpoint.command';

const MAX_ENDPOINTS_PER_OWNER = 20;

/**
 * The endpoint hears of events after the newest one there is now. The same Idempotency-Key again
 * answers the first registration, secret included (the request-fingerprint check has made sure it
 * is the same request).
 */
@CommandHandler(RegisterEndpoint)
export class RegisterEndpointHandler implements ICommandHandler<RegisterEndpoint> {
  constructor(
    private readonly endpoints: WebhookEndpoints,
    private readonly box: WebhookSecretBox,
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute({ user, url: urlText, kinds: kindTexts, description, idempotencyKey }: RegisterEndpoint): Promise<WebhookEndpointWithSecretView> {
    requireWebhookManager(user);
    const url = endpointUrl(urlText, this.config.webhooks.allowHttpLoopback);
    const kinds = endpointKinds(kindTexts);
    const companyId = user.role === 'admin' ? null : user.companyId;
    const head = (await this.store.headPosition())?.position ?? null;
    return this.endpoints.inTransaction(async (client) => {
      // One owner's registrations take turns: two at once can neither pass the limit together nor both use one key.
      await client.query(`SELECT pg_advisory_xact_lock(hashtextextended('webhook-endpoints:' || coalesce($1::text, 'admins'), 0))`, [companyId]);
      if (idempotencyKey) {
        const earlier = await client.query<EndpointRow>('SELECT * FROM webhook_endpoints WHERE created_by = $1 AND idempotency_key = $2', [
          user.userId,
          idempotencyKey,
        ]);
        if (earlier.rows[0]) return withSecret(earlier.rows[0], this.endpoints.reopened(earlier.rows[0].secret));
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
          description?.trim() || null,
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
}
