import { type ContractorApplicationReceipt, invalid } from '@escrow/domain';
import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { Pool } from 'pg';

import { isEmail, normalizeEmail, normalizePhone, RateLimits } from '../../identity';
import { PG_POOL } from '../../infrastructure/database/database.tokens';
import { websiteLink } from '../website-link';
import { SubmitContractorApplication } from './submit-contractor-application.command';

@CommandHandler(SubmitContractorApplication)
export class SubmitContractorApplicationHandler implements ICommandHandler<SubmitContractorApplication> {
  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    private readonly limits: RateLimits,
  ) {}

  async execute({ form, ip }: SubmitContractorApplication): Promise<ContractorApplicationReceipt> {
    const email = normalizeEmail(form.email);
    const phone = normalizePhone(form.phone);
    const required: [string, string][] = [
      [form.company_name, 'Please enter the company name.'],
      [form.first_name, 'Please enter your first name.'],
      [form.last_name, 'Please enter your last name.'],
      [form.city, 'Please enter the city.'],
    ];
    for (const [value, message] of required) if (!value.trim()) throw invalid('application_field_missing', message);
    if (!isEmail(email)) throw invalid('email_invalid', 'Please enter a valid email address.');
    if (!phone) throw invalid('phone_digits', 'Please enter a 10-digit phone number.');
    if (form.services.filter((s) => s.trim()).length === 0) throw invalid('services_missing', 'Choose at least one service your company offers.');
    const website = websiteLink(form.website_link);
    // After the checks: a mistake the applicant corrects does not count against the limit.
    await this.limits.publicFormSent(ip);
    const { rows } = await this.pool.query<{ application_id: number }>(
      `INSERT INTO contractor_applications (company_name, first_name, last_name, email, phone, street, city, state, zip_code, services, license, insurance, website_link, message)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14) RETURNING application_id`,
      [
        form.company_name.trim(),
        form.first_name.trim(),
        form.last_name.trim(),
        email,
        phone,
        form.street?.trim() || null,
        form.city.trim(),
        form.state,
        form.zip_code?.trim() || null,
        form.services.map((s) => s.trim()).filter(Boolean),
        form.license?.trim() || null,
        form.insurance?.trim() || null,
        website,
        form.message?.trim() || null,
      ],
    );
    return { application_id: rows[0]!.application_id };
  }
}
