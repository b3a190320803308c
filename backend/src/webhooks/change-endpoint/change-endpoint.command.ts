import type { WebhookEndpointDeleted, WebhookEndpointView } from '@escrow/domain';
import { Command } from '@nestjs/cqrs';

import type { SessionUser } from '../../identity';

/** What a change names; each field left out stays as it is. */
export interface EndpointChanges {
  url?: string | undefined;
  kinds?: string[] | undefined;
  description?: string | null | undefined;
  /** false pauses deliveries: events while paused are not delivered later. */
  enabled?: boolean | undefined;
}

/** PUT /api/webhooks/endpoints/{id}: a new URL, kinds or description, or a pause. */
export class ChangeEndpoint extends Command<WebhookEndpointView> {
  constructor(
    readonly user: SessionUser,
    readonly endpointId: number,
    readonly changes: EndpointChanges,
  ) {
    super();
  }
}

/** DELETE /api/webhooks/endpoints/{id}: the endpoint goes; its deliveries not yet made are cancelled (the log keeps them). */
export class DeleteEndpoint extends Command<WebhookEndpointDeleted> {
  constructor(
    readonly user: SessionUser,
    readonly endpointId: number,
  ) {
    super();
  }
}
