import type { AdminCompanyDetail, AdminCompanyRow, AdminUserRow } from '@escrow/domain';
import { BadRequestException, Body, Controller, Get, Inject, NotFoundException, Param, Put, Query } from '@nestjs/common';
import { ArrayMaxSize, IsArray, IsIn, IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import type { Pool } from 'pg';

import { CompaniesRepository } from '../directory';
import { STATES, ZIP_CODE, ZIP_CODE_MESSAGE } from '../directory';
import { websiteLink } from '../directory';
import { Answers } from '../http/openapi';
import { ParseIdPipe } from '../http/parse-id.pipe';
import { Access, AdminRoles, EVERY_ADMIN_ROLE, OWNER_ROLES, SessionCache, UsersRepository } from '../identity';
import { isEmail, normalizeEmail, normalizePhone } from '../identity';
import { PG_POOL } from '../infrastructure/database/database.tokens';
import { toAdminCompanyDetail, toAdminCompanyRow, toAdminUserRow } from './admin-directory.views';

export class UpdateCompanyRequest {
  @IsOptional() @IsString() @MaxLength(200) name?: string;
  @IsOptional() @IsString() @MaxLength(200) street?: string;
  @IsOptional() @IsString() @MaxLength(100) city?: string;
  @IsOptional() @IsIn(STATES as unknown as string[], { message: 'Choose a state we serve: AZ, ID, NV or UT.' }) state?: string;
  @IsOptional() @IsString() @Matches(ZIP_CODE, { message: ZIP_CODE_MESSAGE }) zip_code?: string;
  @IsOptional() @IsString() @MaxLength(30) phone?: string;
  @IsOptional() @IsString() @MaxLength(254) contact_email?: string;
  @IsOptional() @IsString() @MaxLength(300) website_link?: string;
  @IsOptional() @IsString() @MaxLength(100) license?: string;
  @IsOptional() @IsString() @MaxLength(200) insurance?: string;
  @IsOptional() @IsString() @MaxLength(5000) bio?: string;
  @IsOptional() @IsArray() @ArrayMaxSize(30) @IsString({ each: true }) services?: string[];
}

/** Users and companies for admins (/admin/users, /admin/contractors). */
@Controller('admin')
@Access('admin')
@AdminRoles(...EVERY_ADMIN_ROLE)
export class AdminDirectoryController {
  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    private readonly companies: CompaniesRepository,
    private readonly users: UsersRepository,
    private readonly sessions: SessionCache,
  ) {}

  @Get('users')
  @Answers(['AdminUserRow'])
  async usersList(@Query('search') search: unknown): Promise<AdminUserRow[]> {
    if (search !== undefined && typeof search !== 'string') throw new BadRequestException('search must be given once.');
    return (await this.users.listForAdmin(search?.trim() || null)).map(toAdminUserRow);
  }

  @Get('companies')
  @Answers(['AdminCompanyRow'])
  async list(): Promise<AdminCompanyRow[]> {
    return (await this.companies.listForAdmin()).map(toAdminCompanyRow);
  }

  @Put('companies/:id')
  @AdminRoles(...OWNER_ROLES)
  @Answers('AdminCompanyDetail')
  async update(@Param('id', ParseIdPipe) id: number, @Body() body: UpdateCompanyRequest): Promise<AdminCompanyDetail> {
    const company = await this.companies.byId(id);
    if (!company) throw new NotFoundException('There is no company with that id.');
    if (body.name !== undefined && !body.name.trim()) throw new BadRequestException('The company needs a name.');
    let phone = company.phone;
    if (body.phone !== undefined) {
      phone = body.phone.trim() ? normalizePhone(body.phone) : null;
      if (body.phone.trim() && !phone) throw new BadRequestException('Enter all 10 digits of the phone number.');
    }
    if (body.contact_email?.trim() && !isEmail(normalizeEmail(body.contact_email)))
      throw new BadRequestException('Enter a valid contact email address, or leave it empty.');
    const website = body.website_link === undefined ? company.website_link : websiteLink(body.website_link);
    const pick = <K extends keyof typeof company>(key: K, value: string | undefined) => (value === undefined ? company[key] : value.trim() || null);
    await this.pool.query(
      `UPDATE companies SET name = $2, street = $3, city = $4, state = $5, zip_code = $6, phone = $7, contact_email = $8, website_link = $9, license = $10, insurance = $11, bio = $12
        WHERE company_id = $1`,
      [
        id,
        body.name?.trim() ?? company.name,
        pick('street', body.street),
        pick('city', body.city),
        body.state ?? company.state,
        pick('zip_code', body.zip_code),
        phone,
        body.contact_email === undefined ? company.contact_email : body.contact_email.trim() ? normalizeEmail(body.contact_email) : null,
        website,
        pick('license', body.license),
        pick('insurance', body.insurance),
        pick('bio', body.bio),
      ],
    );
    if (body.services) await CompaniesRepository.setServices(this.pool, id, body.services);
    // Its users' sessions carry the company's name.
    if (body.name !== undefined) await this.sessions.revoke({ companyId: id });
    return toAdminCompanyDetail((await this.companies.byId(id))!, await this.companies.servicesOf(id));
  }
}
