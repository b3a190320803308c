import type { ContractorApplicationApproval, ContractorApplicationReceipt, ContractorApplicationRejection, ContractorApplicationView } from '@escrow/domain';
import {
  BadRequestException,
  Body,
  ConflictException,
  Controller,
  Get,
  HttpCode,
  HttpStatus,
  Inject,
  NotFoundException,
  Param,
  Post,
  Req,
} from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import type { Pool } from 'pg';

import type { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.tokens';
import { Answers } from '../http/openapi';
import { ParseIdPipe } from '../http/parse-id.pipe';
import type { SessionUser } from '../identity';
import { Access, AdminRoles, CurrentUser, EVERY_ADMIN_ROLE, OWNER_ROLES } from '../identity';
import { OneTimeCodes } from '../identity';
import { isEmail, normalizeEmail, normalizePhone } from '../identity';
import { RateLimits } from '../identity';
import { UsersRepository } from '../identity';
import { PG_POOL } from '../infrastructure/database/database.tokens';
import { MAIL_PORT, type MailPort } from '../mail';
import { ApplicationsRepository } from './applications.repository';
import { CompaniesRepository } from './companies.repository';
import { ContractorApplicationRequest, RejectApplicationRequest } from './directory.dto';
import { websiteLink } from './website-link';

/** Contractor applications (/apply, /join): submitted by anyone, decided by an admin. */
@Controller()
export class ApplicationsController {
  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    private readonly applications: ApplicationsRepository,
    private readonly users: UsersRepository,
    private readonly codes: OneTimeCodes,
    private readonly limits: RateLimits,
    @Inject(MAIL_PORT) private readonly mail: MailPort,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Answers('ContractorApplicationReceipt', HttpStatus.CREATED)
  @Post('contractor/applications')
  @HttpCode(201)
  async apply(@Body() body: ContractorApplicationRequest, @Req() request: FastifyRequest): Promise<ContractorApplicationReceipt> {
    const email = normalizeEmail(body.email);
    const phone = normalizePhone(body.phone);
    const required: [string, string][] = [
      [body.company_name, 'Please enter the company name.'],
      [body.first_name, 'Please enter your first name.'],
      [body.last_name, 'Please enter your last name.'],
      [body.city, 'Please enter the city.'],
    ];
    for (const [value, message] of required) if (!value.trim()) throw new BadRequestException(message);
    if (!isEmail(email)) throw new BadRequestException('Please enter a valid email address.');
    if (!phone) throw new BadRequestException('Please enter a 10-digit phone number.');
    if (body.services.filter((s) => s.trim()).length === 0) throw new BadRequestException('Choose at least one service your company offers.');
    const website = websiteLink(body.website_link);
    await this.limits.publicFormSent(request.ip);
    const { rows } = await this.pool.query<{ application_id: number }>(
      `INSERT INTO contractor_applications (company_name, first_name, last_name, email, phone, street, city, state, zip_code, services, license, insurance, website_link, message)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14) RETURNING application_id`,
      [
        body.company_name.trim(),
        body.first_name.trim(),
        body.last_name.trim(),
        email,
        phone,
        body.street?.trim() || null,
        body.city.trim(),
        body.state,
        body.zip_code?.trim() || null,
        body.services.map((s) => s.trim()).filter(Boolean),
        body.license?.trim() || null,
        body.insurance?.trim() || null,
        website,
        body.message?.trim() || null,
      ],
    );
    return { application_id: rows[0]!.application_id };
  }

  @Get('admin/contractor-applications')
  @Access('admin')
  @AdminRoles(...EVERY_ADMIN_ROLE)
  @Answers(['ContractorApplicationView'])
  async list(): Promise<ContractorApplicationView[]> {
    return this.applications.listForAdmin();
  }

  /** Creates the company with its services and an invited company user for the applicant. */
  @Post('admin/contractor-applications/:id/approve')
  @Access('admin')
  @AdminRoles(...OWNER_ROLES)
  @HttpCode(200)
  @Answers('ContractorApplicationApproval')
  async approve(@Param('id', ParseIdPipe) id: number, @CurrentUser() admin: SessionUser): Promise<ContractorApplicationApproval> {
    const client = await this.pool.connect();
    try {
      await client.query('BEGIN');
      const { rows } = await client.query('SELECT * FROM contractor_applications WHERE application_id = $1 FOR UPDATE', [id]);
      const application = rows[0];
      if (!application) throw new NotFoundException('There is no application with that id.');
      if (application.status !== 'pending') throw new ConflictException(`This application was already ${application.status}.`);
      if (await this.users.byEmail(application.email)) throw new ConflictException('A user with the applicant’s email already exists.');
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

  @Post('admin/contractor-applications/:id/reject')
  @Access('admin')
  @AdminRoles(...OWNER_ROLES)
  @HttpCode(200)
  @Answers('ContractorApplicationRejection')
  async reject(
    @Param('id', ParseIdPipe) id: number,
    @Body() body: RejectApplicationRequest,
    @CurrentUser() admin: SessionUser,
  ): Promise<ContractorApplicationRejection> {
    const { rows } = await this.pool.query<{ status: string; email: string; first_name: string }>(
      `UPDATE contractor_applications SET status = 'rejected', decided_by = $2, decided_at = now()
        WHERE application_id = $1 AND status = 'pending' RETURNING status, email, first_name`,
      [id, admin.userId],
    );
    if (!rows[0]) {
      const exists = await this.pool.query('SELECT status FROM contractor_applications WHERE application_id = $1', [id]);
      if (!exists.rows[0]) throw new NotFoundException('There is no application with that id.');
      throw new ConflictException(`This application was already ${exists.rows[0].status}.`);
    }
    await this.mail.send({
      to: rows[0].email,
      subject: 'Your Escrow Ledger application',
      text: `Hello ${rows[0].first_name},\n\nThank you for applying. We cannot accept your application at this time.${body.reason ? `\n\n${body.reason}` : ''}`,
    });
    return { application_id: id, status: 'rejected' };
  }
}
