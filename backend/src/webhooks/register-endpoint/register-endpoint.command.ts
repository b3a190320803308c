import type { WebhookEndpointWithSecretView } from '@escrow/domain';
import { Command } from '@nestjs/cqrs';

import type { SessionUser } from '../../identity';

/** POST /api/webhooks/endpoints: a receiver for the user's company (an admin's hears every project); its secret is shown once. */
export class RegisterEndpoint extends Command<WebhookEndpointWithSecretView> {
  constructor(
    readonly user: SessionUser,
    readonly url: string,
    readonly kinds: string[],
    readonly description: string | null,
    readonly idempotencyKey: string | null,
  ) {
    super();
  }
}
