import type { CompanyNameMatch, CompanyView, ServiceName, ServiceView } from '@escrow/domain';
import { BadRequestException, Controller, Get, NotFoundException, Param, Query } from '@nestjs/common';

import { Answers } from '../http/openapi';
import { ParseIdPipe } from '../http/parse-id.pipe';
import type { SessionUser } from '../identity';
import { Access, CurrentUser } from '../identity';
import { CompaniesRepository, toCompanyRead } from './companies.repository';
import { STATES } from './directory.dto';

function optionalText(value: unknown, name: string, max = 100): string | null {
  if (value === undefined || value === null || value === '') return null;
  if (typeof value !== 'string') throw new BadRequestException(`${name} must be given once, as text.`);
  const trimmed = value.trim();
  if (trimmed.length > max) throw new BadRequestException(`${name} is too long.`);
  return trimmed || null;
}

/** The public directory: services and member contractors (spec §2 contractor list and profile). */
@Controller()
export class DirectoryController {
  constructor(private readonly companies: CompaniesRepository) {}

  @Answers(['ServiceView'])
  @Get('services')
  async services(): Promise<ServiceView[]> {
    return this.companies.allServices();
  }

  @Answers(['ServiceName'])
  @Get('company/services/:id')
  async companyServices(@Param('id', ParseIdPipe) id: number): Promise<ServiceName[]> {
    if (!(await this.companies.exists(id))) throw new NotFoundException('There is no company with that id.');
    return this.companies.servicesOf(id);
  }

  @Answers('CompanyView')
  @Get('company/:id')
  async company(@Param('id', ParseIdPipe) id: number): Promise<CompanyView> {
    const company = await this.companies.byId(id);
    if (!company) throw new NotFoundException('There is no company with that id.');
    return toCompanyRead(company);
  }

  /** Contractor search by state and service; both optional; sorted by name. */
  @Answers(['CompanyView'])
  @Get('companies/search')
  async search(@Query('state') stateParam: unknown, @Query('service') serviceParam: unknown): Promise<CompanyView[]> {
    const state = optionalText(stateParam, 'state')?.toUpperCase() ?? null;
    if (state && !(STATES as readonly string[]).includes(state)) throw new BadRequestException('Choose a state we serve: AZ, ID, NV or UT.');
    const service = optionalText(serviceParam, 'service');
    return (await this.companies.search(state, service)).map(toCompanyRead);
  }

  /** Seller search of the new-project screen (spec §7): companies whose name contains the text. */
  @Answers(['CompanyNameMatch'])
  @Get('companies/search/:text')
  @Access('user')
  async searchByName(
    @Param('text') text: string,
    @Query('exclude_current_user') exclude: unknown,
    @CurrentUser() user: SessionUser,
  ): Promise<CompanyNameMatch[]> {
    const needle = text.trim();
    if (!needle) throw new BadRequestException('Type part of the company name to search.');
    if (needle.length > 100) throw new BadRequestException('Search text is too long.');
    if (exclude !== undefined && exclude !== 'true' && exclude !== 'false') throw new BadRequestException('exclude_current_user must be true or false.');
    return this.companies.byNameContaining(needle, exclude === 'true' ? user.companyId : null);
  }
}
