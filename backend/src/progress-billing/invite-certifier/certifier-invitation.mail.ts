import { Inject, Injectable } from '@nestjs/common';
import type { Pool } from 'pg';

import type { AppConfig } from '../../config/app-config';
import { APP_CONFIG } from '../../config/config.tokens';
import { PG_POOL } from '../../infrastructure/database/database.tokens';
import { MAIL_PORT, type MailPort } from '../../mail';

const WHEN = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' });

/** The certifier invitation's mail: who asks, for which project, what the role allows, and the link. */
@Injectable()
export class CertifierInvitationMail {
  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    @Inject(MAIL_PORT) private readonly mail: MailPort,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async send(invitation: { email: string; projectId: number; inviterId: number; code: string; expiresAt: string }): Promise<void> {
    const { rows } = await this.pool.query<{ inviter: string | null; project: string | null }>(
      `SELECT (SELECT display_name FROM users WHERE user_id = $1) AS inviter, (SELECT service FROM jobs WHERE job_id = $2) AS project`,
      [invitation.inviterId, invitation.projectId],
    );
    const inviter = rows[0]?.inviter ?? 'The buyer';
    const project = rows[0]?.project ?? `project ${invitation.projectId}`;
    await this.mail.send({
      to: invitation.email,
      subject: `${inviter} asks you to certify pay applications on Escrow Ledger`,
      text: [
        `${inviter} asks you to certify the pay applications of ${project} (project ${invitation.projectId}) on Escrow Ledger.`,
        'As certifier you read the schedule of values and each pay application, and certify it line by line; you never move money.',
        '',
        `Accept the invitation: ${this.config.publicUrl}/certify/join/${invitation.code}`,
        `The link works once, until ${WHEN.format(new Date(invitation.expiresAt))} UTC.`,
        '',
        'If you did not expect this, ignore this mail: nothing happens without you.',
      ].join('\n'),
    });
  }
}
