import { Inject, Injectable } from '@nestjs/common';
import type { Pool, PoolClient } from 'pg';

import { PG_POOL } from '../infrastructure/database/database.tokens';

export interface CompanyRow {
  company_id: number;
  name: string;
  company_img: string | null;
  street: string | null;
  city: string | null;
  state: string | null;
  zip_code: string | null;
  phone: string | null;
  contact_email: string | null;
  website_link: string | null;
  license: string | null;
  insurance: string | null;
  bio: string | null;
  kind: 'general_contractor' | 'subcontractor';
}

export interface CompanyRead extends Omit<CompanyRow, 'kind'> {
  primary_company_name: string;
}

const COLUMNS = 'company_id, name, company_img, street, city, state, zip_code, phone, contact_email, website_link, license, insurance, bio, kind';
const C_COLUMNS = COLUMNS.split(', ')
  .map((c) => `c.${c}`)
  .join(', ');

export type NewCompany = Omit<CompanyRow, 'company_id'>;

export function toCompanyRead(row: CompanyRow): CompanyRead {
  const { kind: _kind, ...rest } = row;
  return { ...rest, primary_company_name: row.name };
}

@Injectable()
export class CompaniesRepository {
  constructor(@Inject(PG_POOL) private readonly pool: Pool) {}

  async byId(companyId: number): Promise<CompanyRow | null> {
    const { rows } = await this.pool.query<CompanyRow>(`SELECT ${COLUMNS} FROM companies WHERE company_id = $1`, [companyId]);
    return rows[0] ?? null;
  }

  async servicesOf(companyId: number): Promise<string[]> {
    const { rows } = await this.pool.query<{ service_name: string }>(
      `SELECT s.service_name FROM company_services cs JOIN services s USING (service_id) WHERE cs.company_id = $1 ORDER BY s.service_name`,
      [companyId],
    );
    return rows.map((r) => r.service_name);
  }

  /** Companies in a state and/or offering a service, sorted by name (spec §9). */
  async search(state: string | null, service: string | null): Promise<CompanyRow[]> {
    const { rows } = await this.pool.query<CompanyRow>(
      `SELECT ${C_COLUMNS} FROM companies c
        WHERE ($1::text IS NULL OR c.state = $1)
          AND ($2::text IS NULL OR EXISTS (
                SELECT 1 FROM company_services cs JOIN services s USING (service_id)
                 WHERE cs.company_id = c.company_id AND lower(s.service_name) = lower($2)))
        ORDER BY lower(c.name), c.company_id`,
      [state, service],
    );
    return rows;
  }

  /** Companies whose name contains the text (the seller search of the new-project screen). */
  async byNameContaining(text: string, excludeCompanyId: number | null): Promise<{ company_id: number; name: string }[]> {
    const pattern = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const { rows } = await this.pool.query<{ company_id: number; name: string }>(
      `SELECT company_id, name FROM companies
        WHERE name ILIKE $1 AND ($2::int IS NULL OR company_id <> $2)
        ORDER BY lower(name), company_id LIMIT 50`,
      [pattern, excludeCompanyId],
    );
    return rows;
  }

  async insert(company: NewCompany, services: string[], db: Pool | PoolClient = this.pool): Promise<number> {
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
    await this.setServices(companyId, services, db);
    return companyId;
  }

  /** Replaces the company's services, creating service names not seen before. */
  async setServices(companyId: number, services: string[], db: Pool | PoolClient = this.pool): Promise<void> {
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
