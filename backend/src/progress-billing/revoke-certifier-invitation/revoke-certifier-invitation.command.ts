import { Command } from '@nestjs/cqrs';

import type { SessionUser } from '../../identity';

/** DELETE /api/job/{id}/certifier-invitations/{invitationId}: the buyer withdraws a link that still works. */
export class RevokeCertifierInvitationCommand extends Command<void> {
  constructor(
    readonly actor: SessionUser,
    readonly projectId: number,
    readonly invitationId: string,
    readonly idempotencyKey: string | null,
  ) {
    super();
  }
}
