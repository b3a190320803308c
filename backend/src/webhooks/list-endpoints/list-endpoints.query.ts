import type { WebhookEndpointView } from '@escrow/domain';
import { Inject } from '@nestjs/common';
import { type IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import type { Pool } from 'pg';

import type { SessionUser } from '../../identity';
import { PG_POOL } from '../../infrastructure/database/database.tokens';
import { type EndpointRow, endpointView, requireWebhookManager } from '../webhook-endpoints';

/** GET /api/webhooks/endpoints: the caller's company's endpoints (an admin: every endpoint), without their secrets. */
export class ListEndpoints extends Query<WebhookEndpointView[]> {
  constructor(readonly user: SessionUser) {
    super();
  }
}

@QueryHandler(ListEndpoints)
export class ListEndpointsHandler implements IQueryHandler<ListEndpoints> {
  constructor(@Inject(PG_POOL) private readonly pool: Pool) {}

  async execute({ user }: ListEndpoints): Promise<WebhookEndpointView[]> {
    requireWebhookManager(user);
    const { rows } = await this.pool.query<EndpointRow>(
      `SELECT * FROM webhook_endpoints WHERE deleted_at IS NULL AND ($1::boolean OR company_id = $2) ORDER BY endpoint_id`,
      [user.role === 'admin', user.companyId],
    );
    return rows.map(endpointView);
  }
}
