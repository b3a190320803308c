import type { CompanyRole, InvitationSent } from '@escrow/domain';
import { Command } from '@nestjs/cqrs';

import type { SessionUser } from '../../identity';
import type { RequestTrail } from '../memberships';

/** POST /api/company/invitations: an owner invites a person by email with a role. */
export class InviteMember extends Command<InvitationSent> {
  constructor(
    readonly owner: SessionUser & { companyId: number },
    readonly sessionRef: string | null,
    readonly trail: RequestTrail,
    readonly email: string,
    readonly role: CompanyRole,
  ) {
    super();
  }
}
