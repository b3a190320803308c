import { type BillingBalanceReturn, formatDollars } from '@escrow/domain';
import { Inject, Injectable } from '@nestjs/common';
import type { Pool } from 'pg';

import type { AppConfig } from '../../config/app-config';
import { APP_CONFIG } from '../../config/config.tokens';
import { PG_POOL } from '../../infrastructure/database/database.tokens';
import { MAIL_PORT, type MailPort } from '../../mail';

/**
 * The other party hears of a return of escrow funds: the seller's people of the buyer's request
 * (asked to approve it when it is beyond the surplus), the buyer of the seller's answer. Keyed by
 * the return and its step, so a retried request mails nobody twice.
 */
@Injectable()
export class BalanceReturnMail {
  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    @Inject(MAIL_PORT) private readonly mail: MailPort,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async tell(projectId: number, step: 'request' | 'approve' | 'decline', r: BillingBalanceReturn): Promise<void> {
    const { rows } = await this.pool.query<{ service: string | null; customer_id: number; company_id: number | null }>(
      'SELECT service, customer_id, primary_company_id AS company_id FROM jobs WHERE job_id = $1',
      [projectId],
    );
    const project = rows[0];
    if (!project) return;
    const toSeller = step === 'request';
    const { rows: people } = await this.pool.query<{ email: string; first_name: string }>(
      `SELECT email, first_name FROM users WHERE ${toSeller ? 'company_id' : 'user_id'} = $1 AND deleted_at IS NULL AND email IS NOT NULL ORDER BY user_id`,
      [toSeller ? (project.company_id ?? 0) : project.customer_id],
    );
    const what = `${project.service ?? 'the project'} (project ${projectId})`;
    const amount = formatDollars(r.amount);
    const said = {
      request: r.needsSeller
        ? {
            subject: `The buyer asks for ${amount} of escrow funds back — project ${projectId}`,
            body: `The buyer asks for ${amount} of the escrow balance of ${what} back. That is more than the remaining contract leaves unused, so it is returned only if you approve: the rest of the contract would then not be funded. Approve or decline it on the project's Billing tab.`,
          }
        : {
            subject: `${amount} of escrow funds returned to the buyer — project ${projectId}`,
            body: `The buyer took back ${amount} of the escrow balance of ${what}: funds the remaining contract does not need. What the contract still has to draw stays in escrow.`,
          },
      approve: {
        subject: `The seller approved your return of ${amount} — project ${projectId}`,
        body: `The seller approved the return of ${amount} from the escrow balance of ${what}: it is on its way to your bank account.`,
      },
      decline: {
        subject: `The seller declined your return of ${amount} — project ${projectId}`,
        body: `The seller declined the return of ${amount} from the escrow balance of ${what}${r.decided?.reason ? `: "${r.decided.reason}"` : ''}. The funds stay in escrow for the contract.`,
      },
    }[step];
    for (const person of people) {
      await this.mail.send({
        to: person.email,
        subject: said.subject,
        text: [`Hello ${person.first_name},`, '', said.body, '', `${this.config.publicUrl}/portal/job/${projectId}`].join('\n'),
        dedupeKey: `billing-balance-return:${projectId}:${r.returnId}:${step}:${person.email}`,
      });
    }
  }
}
