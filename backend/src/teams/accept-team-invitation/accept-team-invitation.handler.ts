import { type CommandMetadata, conflict, DomainError, type InvitationAccepted, roleNeedsSecondFactor } from '@escrow/domain';
import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { Pool } from 'pg';

import { EventStreams, nowIso, systemMetadata } from '../../command-side';
import { invitedAccount, RateLimits, SessionsService, type WithCookies } from '../../identity';
import { PG_POOL } from '../../infrastructure/database/database.tokens';
import { Memberships } from '../memberships';
import { invitationByCode, usableOrRefuse } from '../team-invitations';
import { AcceptTeamInvitation } from './accept-team-invitation.command';

/**
 * The link proves the address: a new account is made with it verified and signed in; an existing
 * account must be the invited address, signed in, and without a company (one person, one
 * company). An expired link is recorded as expired on the company's stream when someone tries it.
 */
@CommandHandler(AcceptTeamInvitation)
export class AcceptTeamInvitationHandler implements ICommandHandler<AcceptTeamInvitation> {
  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    private readonly streams: EventStreams,
    private readonly memberships: Memberships,
    private readonly sessions: SessionsService,
    private readonly limits: RateLimits,
  ) {}

  async execute(c: AcceptTeamInvitation): Promise<WithCookies<InvitationAccepted>> {
    await this.limits.codeChecked(c.caller.ip);
    const now = nowIso();
    const found = await invitationByCode(this.pool, this.streams, c.code);
    try {
      usableOrRefuse(found, now);
    } catch (error) {
      if (found && error instanceof DomainError && error.code === 'invitation_expired') await this.expire(found.row.company_id, found.row.invitation_id);
      throw error;
    }
    const { row } = found!;
    // One person, one company: two invitations to the same address accepted at once (two
    // companies', or two tabs) are decided one after the other, so the second sees the first's
    // company and is refused, instead of both streams naming them a member.
    return oneAtATimeFor(this.pool, row.email, async () => {
      const account = await invitedAccount(this.pool, row.email, c.signedIn, c.body);
      if (!account.created && account.companyId !== null && account.companyId !== row.company_id) {
        throw conflict('member_elsewhere', 'You already belong to another company: one person belongs to one company.');
      }
      const { userId } = account;
      let token: string | undefined;
      const metadata: CommandMetadata = { now, actorId: userId, actorRole: 'customer', actorCompanyId: null };
      await this.memberships.decide(
        row.company_id,
        (directory) => ({
          type: 'AcceptInvitation',
          data: {
            companyId: row.company_id,
            sessionId: c.sessionRef,
            directory,
            invitationId: row.invitation_id,
            userCompanyId: account.companyId,
          },
          metadata,
        }),
        c.trail,
      );
      const needsFactor = roleNeedsSecondFactor(row.role);
      await this.pool.query('UPDATE users SET company_factor_required = $2 WHERE user_id = $1', [userId, needsFactor]);
      if (account.created) token = (await this.sessions.start(userId, c.caller, { password: true, secondFactor: false }, c.sessionToken)).token;
      const { rows: factor } = await this.pool.query<{ has: boolean }>(
        `SELECT (EXISTS (SELECT 1 FROM user_totp t WHERE t.user_id = $1 AND t.confirmed_at IS NOT NULL) OR EXISTS (SELECT 1 FROM passkeys p WHERE p.user_id = $1)) AS has`,
        [userId],
      );
      return {
        answer: { user_id: userId, company_id: row.company_id, role: row.role, needs_second_factor: needsFactor && !factor[0]!.has },
        cookies: token ? { session: token } : {},
      };
    });
  }

  private async expire(companyId: number, invitationId: string): Promise<void> {
    await this.memberships.decide(
      companyId,
      (directory) => ({ type: 'ExpireInvitation', data: { companyId, sessionId: null, directory, invitationId }, metadata: systemMetadata() }),
      { sessionId: null, ip: null, userAgent: null },
    );
  }
}

/**
 * Runs `work` holding a session advisory lock on the invited address (another API process's
 * accept of the same address waits for it). The lock needs a client of its own while the work
 * takes others from the same pool, so this process lets one accept hold one at a time: a burst of
 * accepts can never take every client and wait for one forever. Accepting is rare and quick.
 */
function oneAtATimeFor<T>(pool: Pool, email: string, work: () => Promise<T>): Promise<T> {
  const turn = acceptsInLine.then(() => holdingLock(pool, email, work));
  acceptsInLine = turn.catch(() => undefined);
  return turn;
}

let acceptsInLine: Promise<unknown> = Promise.resolve();

async function holdingLock<T>(pool: Pool, email: string, work: () => Promise<T>): Promise<T> {
  const lock = await pool.connect();
  const key = [`team-invitation-accept:${email.toLowerCase()}`];
  let healthy = false;
  try {
    await lock.query('SELECT pg_advisory_lock(hashtextextended($1, 0))', key);
    try {
      return await work();
    } finally {
      await lock.query('SELECT pg_advisory_unlock(hashtextextended($1, 0))', key);
      healthy = true;
    }
  } finally {
    // A client whose unlock failed may still hold the lock: it is closed, never reused.
    lock.release(!healthy);
  }
}
