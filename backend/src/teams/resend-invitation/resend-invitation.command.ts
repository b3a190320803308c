import type { InvitationResent } from '@escrow/domain';
import { Command } from '@nestjs/cqrs';

import type { SessionUser } from '../../identity';
import type { RequestTrail } from '../memberships';

/** POST /api/company/invitations/{id}/resend (an owner) and /api/admin/company-invitations/{id}/resend (support): a new link, the old one dead. */
export class ResendInvitation extends Command<InvitationResent> {
  constructor(
    readonly actor: SessionUser,
    readonly sessionRef: string | null,
    readonly trail: RequestTrail,
    readonly invitationId: string,
  ) {
    super();
  }
}
