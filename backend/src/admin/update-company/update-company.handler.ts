import { type AdminCompanyDetail, invalid, notFound } from '@escrow/domain';
import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { Pool } from 'pg';

import { CompaniesRepository, type CompanyRow, toCompanyRead, websiteLink } from '../../directory';
import { isEmail, normalizeEmail, normalizePhone, SessionCache } from '../../identity';
import { PG_POOL } from '../../infrastructure/database/database.tokens';
import { UpdateCompany } from './update-company.command';

/** A company's record after an administrator's change, with its services. */
const toAdminCompanyDetail = (row: CompanyRow, services: string[]): AdminCompanyDetail => ({ ...toCompanyRead(row), services });

/** The company's record as the administrator left it: fields not named stay as they were; text left blank clears a field. */
@CommandHandler(UpdateCompany)
export class UpdateCompanyHandler implements ICommandHandler<UpdateCompany> {
  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    private readonly companies: CompaniesRepository,
    private readonly sessions: SessionCache,
  ) {}

  async execute({ companyId: id, changes }: UpdateCompany): Promise<AdminCompanyDetail> {
    const company = await this.companies.byId(id);
    if (!company) throw notFound('no_such_company', 'There is no company with that id.');
    if (changes.name !== undefined && !changes.name.trim()) throw invalid('company_name_missing', 'The company needs a name.');
    let phone = company.phone;
    if (changes.phone !== undefined) {
      phone = changes.phone.trim() ? normalizePhone(changes.phone) : null;
      if (changes.phone.trim() && !phone) throw invalid('phone_digits', 'Enter all 10 digits of the phone number.');
    }
    if (changes.contact_email?.trim() && !isEmail(normalizeEmail(changes.contact_email)))
      throw invalid('contact_email_invalid', 'Enter a valid contact email address, or leave it empty.');
    const website = changes.website_link === undefined ? company.website_link : websiteLink(changes.website_link);
    const pick = <K extends keyof typeof company>(key: K, value: string | undefined) => (value === undefined ? company[key] : value.trim() || null);
    await this.pool.query(
      `UPDATE companies SET name = $2, street = $3, city = $4, state = $5, zip_code = $6, phone = $7, contact_email = $8, website_link = $9, license = $10, insurance = $11, bio = $12
        WHERE company_id = $1`,
      [
        id,
        changes.name?.trim() ?? company.name,
        pick('street', changes.street),
        pick('city', changes.city),
        changes.state ?? company.state,
        pick('zip_code', changes.zip_code),
        phone,
        changes.contact_email === undefined ? company.contact_email : changes.contact_email.trim() ? normalizeEmail(changes.contact_email) : null,
        website,
        pick('license', changes.license),
        pick('insurance', changes.insurance),
        pick('bio', changes.bio),
      ],
    );
    if (changes.services) await CompaniesRepository.setServices(this.pool, id, changes.services);
    // Its users' sessions carry the company's name.
    if (changes.name !== undefined) await this.sessions.revoke({ companyId: id });
    return toAdminCompanyDetail((await this.companies.byId(id))!, await this.companies.servicesOf(id));
  }
}
