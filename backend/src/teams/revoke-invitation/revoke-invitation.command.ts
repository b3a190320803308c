import { Command } from '@nestjs/cqrs';

import type { SessionUser } from '../../identity';
import type { RequestTrail } from '../memberships';

/** DELETE /api/company/invitations/{id} (an owner) and /api/admin/company-invitations/{id} (support): the link stops working. */
export class RevokeInvitation extends Command<void> {
  constructor(
    readonly actor: SessionUser,
    readonly sessionRef: string | null,
    readonly trail: RequestTrail,
    readonly invitationId: string,
  ) {
    super();
  }
}
