import { COMPANY_ROLE_LABELS, type CompanyEvent, type CompanyRole } from '@escrow/domain';
import { Inject, Injectable } from '@nestjs/common';
import type { Pool } from 'pg';

import type { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.tokens';
import { PG_POOL } from '../infrastructure/database/database.tokens';
import { MAIL_PORT, type MailPort } from '../mail';

const WHEN = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' });
const when = (iso: string) => `${WHEN.format(new Date(iso))} UTC`;
const label = (role: CompanyRole) => COMPANY_ROLE_LABELS[role].toLowerCase();

interface Person {
  user_id: number;
  email: string;
  display_name: string;
}

/**
 * Mails of a company's membership (issue 37): the invitation to the invited address; a change to
 * the person concerned, and a role change or a removal to every owner as well, so that nobody's
 * access changes without the owners hearing of it.
 */
@Injectable()
export class TeamMails {
  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    @Inject(MAIL_PORT) private readonly mail: MailPort,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async invitation(invitation: {
    email: string;
    role: CompanyRole;
    companyId: number;
    inviterId: number | null;
    code: string;
    expiresAt: string;
  }): Promise<void> {
    const { company, actor } = await this.names(invitation.companyId, invitation.inviterId);
    await this.mail.send({
      to: invitation.email,
      subject: `${actor} invited you to ${company} on Escrow Ledger`,
      text: [
        `${actor} invited you to join ${company} on Escrow Ledger as ${label(invitation.role)}.`,
        '',
        `Accept the invitation: ${this.config.publicUrl}/team/join/${invitation.code}`,
        `The link works once, until ${when(invitation.expiresAt)}.`,
        '',
        'If you did not expect this, ignore this mail: nothing happens without you.',
      ].join('\n'),
    });
  }

  /** After the company's events: the person concerned and, for a role change or a removal, every owner. */
  async after(events: CompanyEvent[], people: Map<number, Person>): Promise<void> {
    for (const event of events) {
      if (event.type !== 'MemberRoleChanged' && event.type !== 'MemberRemoved' && event.type !== 'MemberLeft' && event.type !== 'MemberJoined') continue;
      const d = event.data;
      const { company, actor } = await this.names(d.companyId, d.by);
      const person = people.get(d.userId);
      const name = person?.display_name ?? `user ${d.userId}`;
      const byAdmin = d.byRole === 'admin' ? ' (administrator)' : '';
      let subject: string;
      let toPerson: string;
      let toOwners: string | null;
      switch (event.type) {
        case 'MemberRoleChanged':
          subject = `Your role at ${company} changed`;
          toPerson = `${actor}${byAdmin} changed your role at ${company} from ${label(event.data.from)} to ${label(event.data.role)} on ${when(d.at)}.`;
          toOwners = `${actor}${byAdmin} changed ${name}'s role at ${company} from ${label(event.data.from)} to ${label(event.data.role)} on ${when(d.at)}.`;
          break;
        case 'MemberRemoved':
          subject = `Removed from ${company}`;
          toPerson = `${actor}${byAdmin} removed you from ${company} on ${when(d.at)}. Your sessions ended; your account stays, without the company.`;
          toOwners = `${actor}${byAdmin} removed ${name} (${label(event.data.role)}) from ${company} on ${when(d.at)}; their sessions ended.`;
          break;
        case 'MemberLeft':
          subject = `You left ${company}`;
          toPerson = `You left ${company} on ${when(d.at)}. Your account stays, without the company.`;
          toOwners = `${name} (${label(event.data.role)}) left ${company} on ${when(d.at)}.`;
          break;
        case 'MemberJoined':
          if (event.data.invitationId === null) continue;
          subject = `Welcome to ${company}`;
          toPerson = `You joined ${company} as ${label(event.data.role)} on ${when(d.at)}.`;
          toOwners = `${name} joined ${company} as ${label(event.data.role)} on ${when(d.at)}.`;
          break;
      }
      const link = `${this.config.publicUrl}/portal/account/team`;
      if (person)
        await this.mail.send({
          to: person.email,
          subject,
          text: `${toPerson}\n\nIf you did not expect this, write to the company's owner.`,
          dedupeKey: `${event.type}:${d.userId}:${d.at}`,
        });
      for (const owner of await this.owners(d.companyId)) {
        if (owner.user_id === d.userId) continue;
        await this.mail.send({
          to: owner.email,
          subject: `${company}: ${subject.replace(/^Your role/, `${name}'s role`)}`,
          text: `${toOwners}\n\nThe team: ${link}`,
          dedupeKey: `${event.type}:${d.userId}:${d.at}:${owner.user_id}`,
        });
      }
    }
  }

  private async owners(companyId: number): Promise<Person[]> {
    const { rows } = await this.pool.query<Person>(
      `SELECT user_id, email, display_name FROM users WHERE company_id = $1 AND company_role = 'owner' AND deleted_at IS NULL ORDER BY user_id`,
      [companyId],
    );
    return rows;
  }

  private async names(companyId: number, actorId: number | null): Promise<{ company: string; actor: string }> {
    const { rows } = await this.pool.query<{ company: string | null; actor: string | null }>(
      'SELECT (SELECT name FROM companies WHERE company_id = $1) AS company, (SELECT display_name FROM users WHERE user_id = $2) AS actor',
      [companyId, actorId],
    );
    return { company: rows[0]?.company ?? `company ${companyId}`, actor: rows[0]?.actor ?? 'Someone' };
  }
}
