import type { WebhookEndpointWithSecretView } from '@escrow/domain';
import { Command } from '@nestjs/cqrs';

import type { SessionUser } from '../../identity';

/** POST /api/webhooks/endpoints/{id}/rotate-secret: a new secret, shown once. */
export class RotateSecret extends Command<WebhookEndpointWithSecretView> {
  constructor(
    readonly user: SessionUser,
    readonly endpointId: number,
    /** How long the previous secret keeps signing too; null for the installation's default. */
    readonly overlapHours: number | null,
    readonly idempotencyKey: string | null,
  ) {
    super();
  }
}
