import type { CompanyNameMatch, CompanyView, ServiceView } from '@escrow/domain';
import { Injectable } from '@nestjs/common';
import type { Pool, PoolClient } from 'pg';
import { DataSource, type Repository } from 'typeorm';

import { containing } from '../infrastructure/database/like';
import { CompanyEntity, CompanyServiceEntity, ServiceEntity } from './infrastructure';

/** A company as stored: what the directory answers (less the name it repeats) and its kind. */
export interface CompanyRow extends Omit<CompanyView, 'primary_company_name'> {
  kind: 'general_contractor' | 'subcontractor';
}

/** A company as the API answers it: the contract's CompanyView (the kind stays inside). */
export type CompanyRead = CompanyView;

/** A line of the admin console's company list. */
export interface AdminCompanyRow {
  company_id: number;
  name: string;
  city: string | null;
  state: string | null;
  kind: CompanyRow['kind'];
  created_at: Date;
  services: string[];
  users: number;
}

export type NewCompany = Omit<CompanyRow, 'company_id'>;

export function toCompanyRead(row: CompanyRow): CompanyRead {
  const { kind: _kind, ...rest } = row;
  return { ...rest, primary_company_name: row.name };
}

/** The entity in the API's words (the field names of docs/product.md#company). */
function toCompanyRow(c: CompanyEntity): CompanyRow {
  return {
    company_id: c.companyId,
    name: c.name,
    company_img: c.companyImg,
    street: c.street,
    city: c.city,
    state: c.state,
    zip_code: c.zipCode,
    phone: c.phone,
    contact_email: c.contactEmail,
    website_link: c.websiteLink,
    license: c.license,
    insurance: c.insurance,
    bio: c.bio,
    kind: c.kind,
  };
}

/**
 * Companies and their services. Reads go through TypeORM. Writes are SQL on the pg handle the
 * caller gives (static: they need no instance), because they run inside transactions the caller
 * holds on a pg client: an application's approval, the demo seed.
 */
@Injectable()
export class CompaniesRepository {
  private readonly companies: Repository<CompanyEntity>;
  private readonly services: Repository<ServiceEntity>;
  private readonly offers: Repository<CompanyServiceEntity>;

  constructor(dataSource: DataSource) {
    this.companies = dataSource.getRepository(CompanyEntity);
    this.services = dataSource.getRepository(ServiceEntity);
    this.offers = dataSource.getRepository(CompanyServiceEntity);
  }

  async byId(companyId: number): Promise<CompanyRow | null> {
    const company = await this.companies.findOneBy({ companyId });
    return company ? toCompanyRow(company) : null;
  }

  async exists(companyId: number): Promise<boolean> {
    return this.companies.existsBy({ companyId });
  }

  /** Every service anyone may choose, by name. */
  async allServices(): Promise<ServiceView[]> {
    const services = await this.services.find({ order: { serviceName: 'ASC' } });
    return services.map((s) => ({ service_name: s.serviceName }));
  }

  async servicesOf(companyId: number): Promise<string[]> {
    const offers = await this.offers.find({ where: { companyId }, relations: { service: true }, order: { service: { serviceName: 'ASC' } } });
    return offers.map((o) => o.service!.serviceName);
  }

  /** Companies in a state and/or offering a service, sorted by name (docs/product.md#sorting). */
  async search(state: string | null, service: string | null): Promise<CompanyRow[]> {
    const query = this.companies.createQueryBuilder('c');
    if (state) query.andWhere('c.state = :state', { state });
    if (service) {
      query.andWhere(
        (outer) =>
          `EXISTS ${outer
            .subQuery()
            .select('1')
            .from(CompanyServiceEntity, 'cs')
            .innerJoin('cs.service', 's')
            .where('cs.companyId = c.companyId')
            .andWhere('lower(s.serviceName) = lower(:service)')
            .getQuery()}`,
        { service },
      );
    }
    const companies = await query.orderBy('lower(c.name)').addOrderBy('c.companyId').getMany();
    return companies.map(toCompanyRow);
  }

  /** Companies whose name contains the text (the seller search of the new-project screen). */
  async byNameContaining(text: string, excludeCompanyId: number | null): Promise<CompanyNameMatch[]> {
    const query = this.companies
      .createQueryBuilder('c')
      .select(['c.companyId', 'c.name'])
      .where('c.name ILIKE :pattern', { pattern: containing(text) });
    if (excludeCompanyId !== null) query.andWhere('c.companyId <> :excluded', { excluded: excludeCompanyId });
    const companies = await query.orderBy('lower(c.name)').addOrderBy('c.companyId').limit(50).getMany();
    return companies.map((c) => ({ company_id: c.companyId, name: c.name }));
  }

  /** The admin console's list: every company with its services and how many users act for it. */
  async listForAdmin(): Promise<AdminCompanyRow[]> {
    const [companies, counts] = await Promise.all([
      this.companies
        .createQueryBuilder('c')
        .select(['c.companyId', 'c.name', 'c.city', 'c.state', 'c.kind', 'c.createdAt', 'offer.companyId', 'offer.serviceId', 's.serviceId', 's.serviceName'])
        .leftJoin('c.offers', 'offer')
        .leftJoin('offer.service', 's')
        .orderBy('lower(c.name)')
        .addOrderBy('c.companyId')
        .addOrderBy('s.serviceName')
        .getMany(),
      // identity's users table, named rather than imported (contexts meet through their index)
      this.companies.manager
        .createQueryBuilder()
        .select('u.companyId', 'company_id')
        .addSelect('count(*)::int', 'users')
        .from('users', 'u')
        .where('u.companyId IS NOT NULL')
        .groupBy('u.companyId')
        .getRawMany<{ company_id: number; users: number }>(),
    ]);
    const users = new Map(counts.map((c) => [c.company_id, c.users]));
    return companies.map((c) => ({
      company_id: c.companyId,
      name: c.name,
      city: c.city,
      state: c.state,
      kind: c.kind,
      created_at: c.createdAt,
      services: (c.offers ?? []).map((o) => o.service!.serviceName),
      users: users.get(c.companyId) ?? 0,
    }));
  }

  static async insert(db: Pool | PoolClient, company: NewCompany, services: string[]): Promise<number> {
    const { rows } = await db.query<{ company_id: number }>(
      `INSERT INTO companies (name, company_img, street, city, state, zip_code, phone, contact_email, website_link, license, insurance, bio, kind)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13) RETURNING company_id`,
      [
        company.name,
        company.company_img,
        company.street,
        company.city,
        company.state,
        company.zip_code,
        company.phone,
        company.contact_email,
        company.website_link,
        company.license,
        company.insurance,
        company.bio,
        company.kind,
      ],
    );
    const companyId = rows[0]!.company_id;
    await CompaniesRepository.setServices(db, companyId, services);
    return companyId;
  }

  /** Replaces the company's services, creating service names not seen before. */
  static async setServices(db: Pool | PoolClient, companyId: number, services: string[]): Promise<void> {
    const names = [...new Set(services.map((s) => s.trim()).filter(Boolean))];
    await db.query('DELETE FROM company_services WHERE company_id = $1', [companyId]);
    if (names.length === 0) return;
    await db.query('INSERT INTO services (service_name) SELECT unnest($1::text[]) ON CONFLICT (service_name) DO NOTHING', [names]);
    await db.query('INSERT INTO company_services (company_id, service_id) SELECT $1, service_id FROM services WHERE service_name = ANY($2::text[])', [
      companyId,
      names,
    ]);
  }
}
