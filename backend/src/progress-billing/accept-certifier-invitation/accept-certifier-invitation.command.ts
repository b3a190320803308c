import type { CertifierInvitationAccepted } from '@escrow/domain';
import { Command } from '@nestjs/cqrs';

import type { Caller, NewAccountFields, SessionUser, WithCookies } from '../../identity';

/** POST /api/certifier-invitations/{code}/accept: a new account certifies (and is signed in), or the signed-in invited address does. */
export class AcceptCertifierInvitationCommand extends Command<WithCookies<CertifierInvitationAccepted>> {
  constructor(
    readonly code: string,
    readonly body: NewAccountFields,
    readonly signedIn: SessionUser | null,
    readonly caller: Caller,
    readonly sessionToken: string | null,
  ) {
    super();
  }
}
