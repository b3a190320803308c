import type { InvitationSent } from '@escrow/domain';
import { Command } from '@nestjs/cqrs';

import type { SessionUser } from '../../identity';

/** POST /api/job/{id}/certifier-invitations: the buyer invites the person who will certify, by email. */
export class InviteCertifierCommand extends Command<InvitationSent> {
  constructor(
    readonly actor: SessionUser,
    readonly projectId: number,
    readonly email: string,
    readonly idempotencyKey: string | null,
  ) {
    super();
  }
}
