import type { InvitationAccepted } from '@escrow/domain';
import { Command } from '@nestjs/cqrs';

import type { Caller, SessionUser, WithCookies } from '../../identity';
import type { RequestTrail } from '../memberships';
import type { AcceptTeamInvitationRequest } from './accept-team-invitation.request.dto';

/** POST /api/team-invitations/{code}/accept: a new account joins (and is signed in), or the signed-in account without a company does. */
export class AcceptTeamInvitation extends Command<WithCookies<InvitationAccepted>> {
  constructor(
    readonly code: string,
    readonly body: AcceptTeamInvitationRequest,
    readonly signedIn: SessionUser | null,
    readonly caller: Caller,
    readonly sessionToken: string | null,
    readonly sessionRef: string | null,
    readonly trail: RequestTrail,
  ) {
    super();
  }
}
