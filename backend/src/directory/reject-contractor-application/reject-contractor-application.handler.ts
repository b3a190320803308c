import { conflict, type ContractorApplicationRejection, notFound } from '@escrow/domain';
import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { Pool } from 'pg';

import { PG_POOL } from '../../infrastructure/database/database.tokens';
import { MAIL_PORT, type MailPort } from '../../mail';
import { RejectContractorApplication } from './reject-contractor-application.command';

@CommandHandler(RejectContractorApplication)
export class RejectContractorApplicationHandler implements ICommandHandler<RejectContractorApplication> {
  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    @Inject(MAIL_PORT) private readonly mail: MailPort,
  ) {}

  async execute({ admin, applicationId: id, reason }: RejectContractorApplication): Promise<ContractorApplicationRejection> {
    const { rows } = await this.pool.query<{ status: string; email: string; first_name: string }>(
      `UPDATE contractor_applications SET status = 'rejected', decided_by = $2, decided_at = now()
        WHERE application_id = $1 AND status = 'pending' RETURNING status, email, first_name`,
      [id, admin.userId],
    );
    if (!rows[0]) {
      const exists = await this.pool.query<{ status: string }>('SELECT status FROM contractor_applications WHERE application_id = $1', [id]);
      if (!exists.rows[0]) throw notFound('no_such_application', 'There is no application with that id.');
      throw conflict('application_decided', `This application was already ${exists.rows[0].status}.`);
    }
    await this.mail.send({
      to: rows[0].email,
      subject: 'Your Escrow Ledger application',
      text: `Hello ${rows[0].first_name},\n\nThank you for applying. We cannot accept your application at this time.${reason ? `\n\n${reason}` : ''}`,
    });
    return { application_id: id, status: 'rejected' };
  }
}
