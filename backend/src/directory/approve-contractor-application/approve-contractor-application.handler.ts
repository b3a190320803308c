import { conflict, type ContractorApplicationApproval, notFound } from '@escrow/domain';
import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { Pool } from 'pg';

import type { AppConfig } from '../../config/app-config';
import { APP_CONFIG } from '../../config/config.tokens';
import { OneTimeCodes, UsersRepository } from '../../identity';
import { PG_POOL } from '../../infrastructure/database/database.tokens';
import { MAIL_PORT, type MailPort } from '../../mail';
import { CompaniesRepository } from '../companies.repository';
import { ApproveContractorApplication } from './approve-contractor-application.command';

/** The application, the company, its user and the invitation change in one transaction; the welcome mail goes after it commits. */
@CommandHandler(ApproveContractorApplication)
export class ApproveContractorApplicationHandler implements ICommandHandler<ApproveContractorApplication> {
  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    private readonly users: UsersRepository,
    private readonly codes: OneTimeCodes,
    @Inject(MAIL_PORT) private readonly mail: MailPort,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute({ admin, applicationId: id }: ApproveContractorApplication): Promise<ContractorApplicationApproval> {
    const client = await this.pool.connect();
    try {
      await client.query('BEGIN');
      const { rows } = await client.query('SELECT * FROM contractor_applications WHERE application_id = $1 FOR UPDATE', [id]);
      const application = rows[0];
      if (!application) throw notFound('no_such_application', 'There is no application with that id.');
      if (application.status !== 'pending') throw conflict('application_decided', `This application was already ${application.status}.`);
      if (await this.users.byEmail(application.email)) throw conflict('email_taken', 'A user with the applicant’s email already exists.');
      const companyId = await CompaniesRepository.insert(
        client,
        {
          name: application.company_name,
          company_img: null,
          street: application.street,
          city: application.city,
          state: application.state,
          zip_code: application.zip_code,
          phone: application.phone,
          contact_email: application.email,
          website_link: application.website_link,
          license: application.license,
          insurance: application.insurance,
          bio: application.message,
          kind: 'subcontractor',
        },
        application.services,
      );
      const user = await UsersRepository.insert(client, {
        firstName: application.first_name,
        lastName: application.last_name,
        phone: application.phone,
        email: application.email,
        companyId,
      });
      const code = await this.codes.issue(user.user_id, 'invitation', client);
      await client.query(
        `UPDATE contractor_applications SET status = 'approved', company_id = $2, decided_by = $3, decided_at = now() WHERE application_id = $1`,
        [id, companyId, admin.userId],
      );
      await client.query('COMMIT');
      await this.mail.send({
        to: application.email,
        subject: 'Welcome to Escrow Ledger',
        text: `Hello ${application.first_name},\n\n${application.company_name} is now a member of Escrow Ledger. Choose your password to start:\n\n${this.config.publicUrl}/customer/new/${code}\n`,
      });
      return { application_id: id, company_id: companyId, user_id: user.user_id };
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  }
}
