import { formatDollars, type ProgressBillingView } from '@escrow/domain';
import { Inject, Injectable } from '@nestjs/common';
import type { Pool } from 'pg';

import type { AppConfig } from '../../config/app-config';
import { APP_CONFIG } from '../../config/config.tokens';
import { DirectoryService } from '../../directory';
import { PG_POOL } from '../../infrastructure/database/database.tokens';
import { MAIL_PORT, type MailPort } from '../../mail';

const side = { customer: 'buyer', company: 'seller' } as const;

/**
 * A release asked for is mailed to the other party at once (the buyer, or every user of the
 * seller's company, as the held-funds reminders reach them): nothing moves until they approve,
 * so they need to hear of it. Keyed by the request, so a retried request mails nobody twice.
 */
@Injectable()
export class BillingRetainageMail {
  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    @Inject(MAIL_PORT) private readonly mail: MailPort,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly directory: DirectoryService,
  ) {}

  async requested(projectId: number, request: { party: 'customer' | 'company'; at: string }, view: ProgressBillingView): Promise<void> {
    const retainage = view.retainage;
    if (!retainage) return;
    const { rows: projects } = await this.pool.query<{ service: string | null; customer_id: number; company_id: number | null }>(
      'SELECT service, customer_id, primary_company_id AS company_id FROM jobs WHERE job_id = $1',
      [projectId],
    );
    const project = projects[0];
    if (!project) return;
    const to = request.party === 'company' ? { sql: 'user_id = $1', value: project.customer_id } : { sql: 'company_id = $1', value: project.company_id ?? 0 };
    const [{ rows: people }, { companies }] = await Promise.all([
      this.pool.query<{ email: string; first_name: string }>(
        `SELECT email, first_name FROM users WHERE ${to.sql} AND deleted_at IS NULL AND email IS NOT NULL ORDER BY user_id`,
        [to.value],
      ),
      this.directory.names(
        [],
        retainage.held_by_payee.map((p) => p.payee_id),
      ),
    ]);
    const what = `${project.service ?? 'the project'} (project ${projectId})`;
    const payees = retainage.held_by_payee.map((p) => `- ${companies.get(p.payee_id) ?? `Company #${p.payee_id}`}: ${formatDollars(p.amount)}`);
    for (const person of people) {
      await this.mail.send({
        to: person.email,
        subject: `The ${side[request.party]} asks for the retainage release — project ${projectId}`,
        text: [
          `Hello ${person.first_name},`,
          '',
          `The ${side[request.party]} says the work on ${what} is substantially complete and asks for the retainage held: ${formatDollars(retainage.held)}.`,
          'Once you approve, each payee is paid its share from escrow:',
          ...payees,
          '',
          `Approve it on the project's Billing tab: ${this.config.publicUrl}/portal/job/${projectId}`,
        ].join('\n'),
        dedupeKey: `billing-retainage-request:${projectId}:${request.at}:${person.email}`,
      });
    }
  }
}
