import { type CertifierInvitationAccepted, forbidden } from '@escrow/domain';
import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { Pool } from 'pg';

import { EventStreams, nowIso } from '../../command-side';
import { invitedAccount, RateLimits, SessionsService, type WithCookies } from '../../identity';
import { PG_POOL } from '../../infrastructure/database/database.tokens';
import { BillingCommands } from '../billing-commands';
import { usableCertifierInvitation } from '../certifier-invitations';
import { AcceptCertifierInvitationCommand } from './accept-certifier-invitation.command';

/**
 * The link proves the address (identity's invitedAccount, as for a company's invitation); the
 * billing rules then name the account certifier, refusing the seller's people and the buyer. The
 * certifier gets no company and no party's rights: the project role table is all they hold.
 */
@CommandHandler(AcceptCertifierInvitationCommand)
export class AcceptCertifierInvitationHandler implements ICommandHandler<AcceptCertifierInvitationCommand> {
  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    private readonly streams: EventStreams,
    private readonly billing: BillingCommands,
    private readonly sessions: SessionsService,
    private readonly limits: RateLimits,
  ) {}

  async execute(c: AcceptCertifierInvitationCommand): Promise<WithCookies<CertifierInvitationAccepted>> {
    await this.limits.codeChecked(c.caller.ip);
    const now = nowIso();
    const row = await usableCertifierInvitation(this.pool, this.streams, c.code, now);
    const account = await invitedAccount(this.pool, row.email, c.signedIn, c.body);
    if (c.signedIn?.role === 'admin') throw forbidden('admin_not_certifier', 'Administrators do not certify pay applications; the buyer invites someone else.');
    await this.billing.decideAs(
      { now, actorId: account.userId, actorRole: account.companyId !== null ? 'company' : 'customer', actorCompanyId: account.companyId },
      row.job_id,
      { type: 'AcceptCertifierInvitation', data: { invitationId: row.invitation_id, companyId: account.companyId } },
      null,
    );
    await this.pool.query(`UPDATE certifier_invitations SET status = 'accepted' WHERE invitation_id = $1`, [row.invitation_id]);
    const token = account.created ? (await this.sessions.start(account.userId, c.caller, { password: true, secondFactor: false }, c.sessionToken)).token : null;
    return { answer: { user_id: account.userId, job_id: row.job_id, role: 'certifier' }, cookies: token ? { session: token } : {} };
  }
}
