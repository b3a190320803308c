import { assertNever } from '../shared/command';
import { conflict, invalid, notFound } from '../shared/errors';
import { invitationUsable, refuseUnusable } from '../teams/company.decider';
import { refuseAsCertifier, requireBilling, requireBuyer, requireProgressBilled } from './billing.rules';
import type { BillingState } from './billing.state';
import type { AcceptCertifierInvitation, InviteCertifier, RevokeCertifierInvitation } from './commands';
import type { BillingEvent } from './events';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * The certifier invited by email (docs/progress-billing.md#the-certifier): the buyer sends a
 * single-use link that expires; whoever opens it signed in as the invited address (the edge
 * checks the address) becomes the certifier, as if the buyer had named them.
 */
export function decideCertifierInvitation(
  command: InviteCertifier | AcceptCertifierInvitation | RevokeCertifierInvitation,
  state: BillingState,
): BillingEvent[] {
  const { metadata, project } = command;
  const at = metadata.now;
  switch (command.type) {
    case 'InviteCertifier': {
      const s = requireBilling(state);
      requireBuyer(project, metadata, 'invite the certifier');
      const { invitationId, expiresAt } = command.data;
      if (!UUID.test(invitationId) || Number.isNaN(Date.parse(expiresAt))) throw invalid('invitation', 'The invitation is not well formed.');
      if (s.certifierInvitations?.[invitationId]) throw conflict('invitation_exists', 'This invitation was sent already.');
      return [{ type: 'CertifierInvited', data: { jobId: s.jobId, invitationId, expiresAt, by: metadata.actorId, at } }];
    }
    case 'AcceptCertifierInvitation': {
      requireProgressBilled(project);
      const s = state.status === 'active' ? state : null;
      const { invitationId, companyId } = command.data;
      const invitation = s?.certifierInvitations?.[invitationId];
      refuseUnusable(invitation, at, 'the buyer');
      refuseAsCertifier(project, metadata.actorId, companyId);
      if (s!.certifier?.userId === metadata.actorId) throw conflict('already_certifier', 'You already certify the pay applications of this project.');
      return [{ type: 'CertifierNamed', data: { jobId: s!.jobId, userId: metadata.actorId, by: invitation!.by, invitationId, at } }];
    }
    case 'RevokeCertifierInvitation': {
      const s = requireBilling(state);
      requireBuyer(project, metadata, 'withdraw a certifier invitation');
      const { invitationId } = command.data;
      const invitation = s.certifierInvitations?.[invitationId];
      if (!invitation) throw notFound('invitation_not_found', 'There is no such invitation.');
      // Only a link that still works can be withdrawn: an accepted one named the certifier (remove them instead).
      if (!invitationUsable(invitation, at)) {
        throw conflict('invitation_not_pending', 'This invitation was already used, withdrawn or expired.');
      }
      return [{ type: 'CertifierInvitationRevoked', data: { jobId: s.jobId, invitationId, by: metadata.actorId, at } }];
    }
    default:
      return assertNever(command);
  }
}
