import { notFound, type WebhookEndpointDeleted, type WebhookEndpointView } from '@escrow/domain';
import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { Pool } from 'pg';

import type { AppConfig } from '../../config/app-config';
import { APP_CONFIG } from '../../config/config.tokens';
import { PG_POOL } from '../../infrastructure/database/database.tokens';
import { endpointKinds, endpointUrl } from '../endpoint-input';
import { type EndpointRow, endpointView, WebhookEndpoints } from '../webhook-endpoints';
import { ChangeEndpoint, DeleteEndpoint } from './change-endpoint.command';

@CommandHandler(ChangeEndpoint)
export class ChangeEndpointHandler implements ICommandHandler<ChangeEndpoint> {
  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    private readonly endpoints: WebhookEndpoints,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute({ user, endpointId: id, changes }: ChangeEndpoint): Promise<WebhookEndpointView> {
    const current = await this.endpoints.owned(id, user);
    const url = changes.url !== undefined ? endpointUrl(changes.url, this.config.webhooks.allowHttpLoopback) : current.url;
    const kinds = changes.kinds !== undefined ? endpointKinds(changes.kinds) : current.kinds;
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
}

@CommandHandler(DeleteEndpoint)
export class DeleteEndpointHandler implements ICommandHandler<DeleteEndpoint> {
  constructor(private readonly endpoints: WebhookEndpoints) {}

  async execute({ user, endpointId: id }: DeleteEndpoint): Promise<WebhookEndpointDeleted> {
    await this.endpoints.owned(id, user);
    await this.endpoints.inTransaction(async (client) => {
      await client.query('UPDATE webhook_endpoints SET deleted_at = now(), enabled = false WHERE endpoint_id = $1 AND deleted_at IS NULL', [id]);
      await client.query(
        `UPDATE webhook_deliveries SET status = 'cancelled', next_attempt_at = NULL, last_error = coalesce(last_error, 'endpoint deleted')
          WHERE endpoint_id = $1 AND status = 'pending' AND sending_since IS NULL`,
        [id],
      );
    });
    return { id, deleted: true };
  }
}
