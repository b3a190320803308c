import type { WebhookEndpointWithSecretView } from '@escrow/domain';
import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';

import type { AppConfig } from '../../config/app-config';
import { APP_CONFIG } from '../../config/config.tokens';
import { WebhookSecretBox } from '../secret-box';
import { newWebhookSecret } from '../signatures';
import { type EndpointRow, WebhookEndpoints, withSecret } from '../webhook-endpoints';
import { RotateSecret } from './rotate-secret.command';

/**
 * The current secret keeps signing (a second v1 signature) for the overlap, so the receiver can
 * switch to the new one without a failed delivery. The same Idempotency-Key again answers the
 * secret the first rotation made.
 */
@CommandHandler(RotateSecret)
export class RotateSecretHandler implements ICommandHandler<RotateSecret> {
  constructor(
    private readonly endpoints: WebhookEndpoints,
    private readonly box: WebhookSecretBox,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute({ user, endpointId: id, overlapHours, idempotencyKey }: RotateSecret): Promise<WebhookEndpointWithSecretView> {
    const overlapMs = overlapHours === null ? this.config.webhooks.secretOverlapMs : overlapHours * 3600_000;
    return this.endpoints.inTransaction(async (client) => {
      const current = await this.endpoints.owned(id, user, client, true);
      if (idempotencyKey) {
        const earlier = await client.query<{ endpoint_id: number; secret: string }>(
          'SELECT endpoint_id, secret FROM webhook_secret_rotations WHERE actor_id = $1 AND idempotency_key = $2',
          [user.userId, idempotencyKey],
        );
        if (earlier.rows[0]) return withSecret(current, this.endpoints.reopened(earlier.rows[0].secret));
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
}
