import { Inject, Injectable } from '@nestjs/common';
import type { Pool } from 'pg';

import { PG_POOL } from '../infrastructure/database/database.tokens';

export interface PersonName {
  userId: number;
  displayName: string;
  firstName: string;
  lastName: string;
  companyId: number | null;
}

/**
 * Names for ids, looked up in bulk when an answer needs them. Read models and events keep ids
 * only, so erasing a person here erases them everywhere they are shown.
 */
@Injectable()
export class DirectoryService {
  constructor(@Inject(PG_POOL) private readonly pool: Pool) {}

  async people(userIds: Iterable<number>): Promise<Map<number, PersonName>> {
    const ids = [...new Set(userIds)].filter((id) => Number.isInteger(id) && id > 0);
    if (ids.length === 0) return new Map();
    const { rows } = await this.pool.query<{ user_id: number; display_name: string; first_name: string; last_name: string; company_id: number | null }>(
      'SELECT user_id, display_name, first_name, last_name, company_id FROM users WHERE user_id = ANY($1::int[])',
      [ids],
    );
    return new Map(
      rows.map((r) => [r.user_id, { userId: r.user_id, displayName: r.display_name, firstName: r.first_name, lastName: r.last_name, companyId: r.company_id }]),
    );
  }

  async companyNames(companyIds: Iterable<number>): Promise<Map<number, string>> {
    const ids = [...new Set(companyIds)].filter((id) => Number.isInteger(id) && id > 0);
    if (ids.length === 0) return new Map();
    const { rows } = await this.pool.query<{ company_id: number; name: string }>('SELECT company_id, name FROM companies WHERE company_id = ANY($1::int[])', [
      ids,
    ]);
    return new Map(rows.map((r) => [r.company_id, r.name]));
  }

  /** Every member company, by name: the payees a milestone can name. */
  async allCompanies(): Promise<{ company_id: number; name: string }[]> {
    const { rows } = await this.pool.query<{ company_id: number; name: string }>('SELECT company_id, name FROM companies ORDER BY lower(name), company_id');
    return rows;
  }

  async companyExists(companyId: number): Promise<boolean> {
    const { rowCount } = await this.pool.query('SELECT 1 FROM companies WHERE company_id = $1', [companyId]);
    return (rowCount ?? 0) > 0;
  }

  /** Users of a company: the people who act for the seller of a project. */
  async companyUserIds(companyId: number): Promise<number[]> {
    const { rows } = await this.pool.query<{ user_id: number }>('SELECT user_id FROM users WHERE company_id = $1 AND deleted_at IS NULL', [companyId]);
    return rows.map((r) => r.user_id);
  }
}
